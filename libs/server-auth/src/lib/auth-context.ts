import type { Database } from '@mason/server-db';
import type { BackgroundTasks } from '@mason/server-http';
import type { FastifyBaseLogger } from 'fastify';
import type { GoogleVerifier } from './auth/google-verifier';
import type { Mailer } from './mail/mailer';
import type { RateLimiter } from './rate-limit/rate-limiter';

/** The settings the accounts domain reads. */
export interface AuthConfig {
  /** Where Mason's web app is reached: the links of its e-mails point there. */
  publicUrl: string;
  /** Whether new accounts may be made (false: only the waitlist). */
  signupsOpen: boolean;
  /** Where a person who did not ask for an account change writes to. */
  supportEmail: string;
}

/** What the accounts domain's routes and mails are given by the app. */
export interface AuthContext {
  config: AuthConfig;
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Work done after an answer was sent (an e-mail). */
  background: BackgroundTasks;
  /** null while GOOGLE_CLIENT_ID is not set. */
  google: GoogleVerifier | null;
  log: FastifyBaseLogger;
}
