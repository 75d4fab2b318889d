/** A system prompt of the size small API clients send (a few sentences). */
const SYSTEM = 'You are a support assistant for an online bookshop. Answer in two sentences at most, name the order number you were asked about, and never invent a tracking code.';

/**
 * `count` small OpenAI chat-completion bodies, one per file when written: the same system prompt and
 * model, each with its own short question, as a client that sends many one-shot requests does. Every
 * body shares the system prompt with every earlier one, so a replay that compares each request with
 * every earlier one grows with the square of their number.
 */
export function smallBodies(count: number): object[] {
  return Array.from({ length: count }, (_, index) => ({
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `Where is order ${100_000 + index * 7}? It was placed ${1 + (index % 28)} days ago and has not arrived.` },
    ],
  }));
}
