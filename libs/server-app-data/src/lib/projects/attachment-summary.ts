// What may be shown of an attached database service (Project.database, GET /database): no secret.
import type { DatabaseAttachment } from '@mason/contract';

export interface AttachedPlace {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly database: string;
  readonly supabase: { readonly projectRef: string } | null;
}

/** Where the database is and who Mason is there. */
export function attachmentSummary(place: AttachedPlace): DatabaseAttachment {
  return {
    host: `${place.host}:${place.port}`,
    database: place.database,
    user: place.user,
    projectRef: place.supabase?.projectRef ?? null,
  };
}
