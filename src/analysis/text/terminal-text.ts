/**
 * Escaping of text that came from input (tool and model names, file names, excerpts) before it
 * reaches a terminal or a Markdown renderer. A log can hold any character: an ESC or OSC sequence
 * would move the cursor, retitle the window or hide lines, a CR would overwrite the line, and HTML
 * in a Markdown cell renders in a pull-request comment.
 */

/** The SGR sequences the text renderers colour with (bold, dim, red, green, yellow, reset). */
const OWN_COLOURS = /^\u001b\[(?:0|1|2|31|32|33)m/;

const SHOWN: Readonly<Record<string, string>> = { '\t': '\\t', '\r': '\\r', '\n': '\\n' };

function shownControl(char: string): string {
  return SHOWN[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

// C0 controls, DEL, the C1 controls (U+0080–U+009F, which some terminals read as ESC sequences),
// and the bidirectional overrides that reorder what a line appears to say.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Terminal output with every control character shown as an escape (`\u001b`, `\r`), line breaks
 * kept. With `colours`, the renderer's own colour codes (an SGR from its small palette) pass; no
 * other sequence does, so input can at most change a colour, never move the cursor or the title.
 */
export function terminalText(text: string, options: { readonly colours?: boolean } = {}): string {
  return text.replace(CONTROL, (char, offset: number) => {
    if (char === '\n') return char;
    if (char === '\u001b' && options.colours === true && OWN_COLOURS.test(text.slice(offset, offset + 5))) return char;
    return shownControl(char);
  });
}

/** One line of input text: control characters and line breaks shown as escapes. */
export function oneLine(text: string): string {
  return text.replace(CONTROL, shownControl);
}

const HTML: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };

/** Markdown text that renders as the characters it holds: HTML tags and entities escaped, one line. */
export function markdownText(text: string): string {
  return oneLine(text).replace(/[<>&]/g, (char) => HTML[char]!);
}
