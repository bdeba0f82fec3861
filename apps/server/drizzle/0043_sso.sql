-- Single sign-on (issue 46, OpenID Connect): the nonce a started SSO login expects back in its ID token; the SSO_ONLY registration policy.
ALTER TABLE "oauth_flows" ADD COLUMN "nonce" text;
--> statement-breakpoint
ALTER TABLE "instance_settings" DROP CONSTRAINT "instance_settings_registration_check";
--> statement-breakpoint
ALTER TABLE "instance_settings" ADD CONSTRAINT "instance_settings_registration_check" CHECK ("instance_settings"."registration" IN ('OPEN', 'INVITE_ONLY', 'DOMAINS', 'SSO_ONLY'));
