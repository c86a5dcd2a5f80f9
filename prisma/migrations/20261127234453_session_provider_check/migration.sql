-- Sessions keep no ID token any more (logout names the client), and remember when the server last
-- asked the provider about them (docs/authentication.md, "The session").
-- AlterTable
ALTER TABLE "sessions" DROP COLUMN "id_token",
ADD COLUMN     "provider_checked_at" TIMESTAMPTZ(3);
