-- When the account finished (saved or skipped) the one-step "complete your profile" prompt shown
-- after the first login (issue 41). Null means not yet; the server also treats an account whose
-- name is no longer its e-mail handle, or that has a photo, as done (users.presenter.ts), so
-- existing accounts that already named themselves are never asked and need no backfill here.
ALTER TABLE "users" ADD COLUMN "profile_prompt_done_at" timestamp with time zone;
