/**
 * A `!!js` value of a DSH composition: JavaScript source that Cordis evaluates at load time. kvprefix
 * never runs it. `evaluateJsExpression` understands only the few side-effect-free forms the shipped
 * compositions use for platform and environment switches, so a guard can decide what loads on a
 * given platform; anything else stays unresolved and the caller fails closed where it matters.
 */
export class JsExpression {
  constructor(readonly source: string) {}

  toJSON(): string {
    return `!!js ${this.source}`;
  }
}

/**
 * The `yaml` custom tag for `!!js` (`tag:yaml.org,2002:js`): its scalar is kept as a JsExpression.
 * Every reader of DSH compositions parses with it; without it `yaml` warns `Unresolved tag` for each
 * `!!js` and reads its source as a plain string, indistinguishable from a literal.
 */
export const JS_EXPRESSION_TAG = { tag: 'tag:yaml.org,2002:js', resolve: (source: string): JsExpression => new JsExpression(source) };

/** What a `!!js` expression evaluates against: a platform and an environment (empty by default). */
export interface JsEnvironment {
  readonly platform: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The outcome of evaluating a value that may be a `!!js` expression. */
export type JsValue = { readonly state: 'resolved'; readonly value: unknown } | { readonly state: 'unresolved'; readonly source: string };

const PLATFORM_TEST = /^process\.platform\s*(===|!==)\s*'([^']*)'$/;
const ENV_DEFAULT = /^process\.env\.([A-Za-z_][A-Za-z0-9_]*)\s*(\?\?|\|\|)\s*'([^']*)'$/;
const ENV_ONLY = /^process\.env\.([A-Za-z_][A-Za-z0-9_]*)$/;

/** Evaluates a plain value (returned as is) or one of the recognised `!!js` forms. */
export function evaluateJsValue(value: unknown, environment: JsEnvironment): JsValue {
  if (!(value instanceof JsExpression)) return { state: 'resolved', value };
  const source = value.source.trim();
  const platform = PLATFORM_TEST.exec(source);
  if (platform) return { state: 'resolved', value: platform[1] === '===' ? environment.platform === platform[2] : environment.platform !== platform[2] };
  const withDefault = ENV_DEFAULT.exec(source);
  if (withDefault) {
    const set = environment.env[withDefault[1]!];
    // `??` keeps an empty string, `||` does not, as in JavaScript.
    const useSet = withDefault[2] === '??' ? set !== undefined : Boolean(set);
    return { state: 'resolved', value: useSet ? set : withDefault[3] };
  }
  const only = ENV_ONLY.exec(source);
  if (only) return { state: 'resolved', value: environment.env[only[1]!] };
  return { state: 'unresolved', source };
}
