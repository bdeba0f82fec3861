-- How a login session was signed in: signing out goes on to the SSO provider's end-session page only after an SSO sign-in (a password user with a linked SSO identity stays on TeamUp).
ALTER TABLE "auth_sessions" ADD COLUMN "signed_in_with" text;
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_signed_in_with_check" CHECK ("auth_sessions"."signed_in_with" IN ('PASSWORD', 'GOOGLE', 'KAKAO', 'SSO'));
--> statement-breakpoint
ALTER TABLE "oauth_temp_codes" ADD COLUMN "provider" text;
