import { capOutput } from './output';

/** An error whose message the model reads as the tool's result (isError). */
export class ToolError extends Error {
  constructor(message: string) {
    super(capOutput(message, 'The message was too long.'));
    this.name = 'ToolError';
  }
}
