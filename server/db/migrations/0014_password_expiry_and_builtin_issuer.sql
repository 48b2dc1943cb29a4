ALTER TABLE "accounts" ADD COLUMN "password_expires_at" timestamp with time zone;--> statement-breakpoint
-- A one-time password still pending at the upgrade gets 7 days from now (decision 038).
UPDATE "accounts" SET "password_expires_at" = now() + interval '7 days' WHERE "must_change_password";--> statement-breakpoint
-- Users of the built-in provider were keyed by its URL ($KAI_PUBLIC_URL/oidc), which changes with the
-- address: key them by a name that does not. Their subject is the account id. Where an earlier move
-- already split an account in two, the row holding most chats, documents and invoices is kept.
UPDATE "users" SET "issuer" = 'urn:kai:builtin' WHERE "id" IN (
  SELECT DISTINCT ON ("accounts"."id") "users"."id"
  FROM "users" JOIN "accounts" ON "users"."subject" = "accounts"."id"::text
  WHERE "users"."issuer" LIKE '%/oidc'
  ORDER BY
    "accounts"."id",
    (SELECT count(*) FROM "chat_sessions" WHERE "chat_sessions"."user_id" = "users"."id")
      + (SELECT count(*) FROM "documents" WHERE "documents"."owner_id" = "users"."id")
      + (SELECT count(*) FROM "invoices" WHERE "invoices"."owner_id" = "users"."id") DESC,
    "users"."last_seen_at" DESC NULLS LAST,
    "users"."created_at"
);
