CREATE TABLE "code_requests" (
	"purpose" text NOT NULL,
	"address_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "code_requests_purpose_address_hash_pk" PRIMARY KEY("purpose","address_hash")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_requests_sent_idx" ON "code_requests" USING btree ("sent_at");