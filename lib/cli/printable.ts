/**
 * Stored text made safe for one terminal line: control characters become "?", so that no value
 * (a key's name, say) can break a row or send escape sequences to the operator's terminal.
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
}
