/** A setting (an environment variable, a key file) that Mason cannot start with: its message says which and why. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
