/** SPEC.md 5: true when the string parses as a JSON object (not an array, not a primitive). */
export function isJsonObjectString(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
