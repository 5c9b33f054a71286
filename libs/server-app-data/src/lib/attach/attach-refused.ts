/** The attach request's fields a refusal can concern (the form shows it at that field). */
export type AttachField =
  'projectUrl' | 'anonKey' | 'databasePassword' | 'connectionUrl' | 'projectRef';

/** Why Mason will not attach a database: a 400 with the field it concerns. */
export class AttachRefused extends Error {
  constructor(
    message: string,
    readonly field: AttachField,
  ) {
    super(message);
    this.name = 'AttachRefused';
  }
}
