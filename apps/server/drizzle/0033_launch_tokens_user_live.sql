CREATE INDEX "launch_tokens_user_live_idx" ON "launch_tokens" USING btree ("user_id","provider","expires_at");--> statement-breakpoint
DROP INDEX "launch_tokens_user_id_idx";