ALTER TABLE "blobs" ADD COLUMN "touched_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "blobs_touched_at_idx" ON "blobs" USING btree ("touched_at");
--> statement-breakpoint
-- A message's images name their blob by hash (the API signs a link to each for its reader);
-- they used to carry a URL with the hash in it.
UPDATE "task_logs" SET "payload" = jsonb_set(
  "payload",
  '{images}',
  (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
      'mediaType', image->>'mediaType',
      'hash', substring(image->>'url' from '/blobs/([0-9a-f]{64})')
    )), '[]'::jsonb)
    FROM jsonb_array_elements("payload"->'images') AS image
  )
)
WHERE "type" = 'USER_MESSAGE'
  AND jsonb_typeof("payload"->'images') = 'array'
  AND jsonb_array_length("payload"->'images') > 0
  AND "payload"->'images'->0 ? 'url';
