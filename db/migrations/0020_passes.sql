CREATE TABLE `pass_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`purchase_id` integer NOT NULL,
	`kind` text NOT NULL,
	`delta` integer NOT NULL,
	`credits_expire_at` integer,
	`booking_id` integer,
	`payment_ref` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`purchase_id`) REFERENCES `pass_purchases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pass_ledger_purchase_idx` ON `pass_ledger` (`purchase_id`,`credits_expire_at`);--> statement-breakpoint
CREATE INDEX `pass_ledger_booking_idx` ON `pass_ledger` (`booking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `pass_ledger_once_idx` ON `pass_ledger` (`purchase_id`,`kind`,`booking_id`,`credits_expire_at`) WHERE booking_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `pass_ledger_payment_once_idx` ON `pass_ledger` (`purchase_id`,`kind`,`payment_ref`) WHERE payment_ref is not null;--> statement-breakpoint
CREATE TABLE `pass_purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pass_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`coach_id` integer NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`price_cents` integer NOT NULL,
	`credits` integer,
	`validity_days` integer,
	`covers_all_classes` integer DEFAULT true NOT NULL,
	`category_ids` text DEFAULT '[]' NOT NULL,
	`age_groups` text DEFAULT '[]' NOT NULL,
	`billing_period` text,
	`max_pause_weeks` integer,
	`service_fee_cents` integer DEFAULT 0 NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`payment_intent_id` text,
	`subscription_id` text,
	`provider_customer_id` text,
	`activated_at` integer,
	`expires_at` integer,
	`current_period_start` integer,
	`current_period_end` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`paused_at` integer,
	`pause_ends_at` integer,
	`pause_days_used` integer DEFAULT 0 NOT NULL,
	`pause_year` integer,
	`cancelled_at` integer,
	`ended_at` integer,
	`expiry_notice_sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pass_id`) REFERENCES `passes`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`coach_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pass_purchases_payment_intent_id_unique` ON `pass_purchases` (`payment_intent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `pass_purchases_subscription_id_unique` ON `pass_purchases` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `pass_purchases_user_idx` ON `pass_purchases` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `pass_purchases_pass_idx` ON `pass_purchases` (`pass_id`,`status`);--> statement-breakpoint
CREATE INDEX `pass_purchases_coach_idx` ON `pass_purchases` (`coach_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `pass_purchases_one_intro_idx` ON `pass_purchases` (`coach_id`,`user_id`) WHERE kind = 'intro' and status <> 'cancelled';--> statement-breakpoint
CREATE TABLE `passes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`coach_id` integer NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`price_cents` integer NOT NULL,
	`credits` integer,
	`validity_days` integer,
	`covers_all_classes` integer DEFAULT true NOT NULL,
	`category_ids` text DEFAULT '[]' NOT NULL,
	`age_groups` text DEFAULT '[]' NOT NULL,
	`billing_period` text,
	`max_pause_weeks` integer,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`coach_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `passes_coach_idx` ON `passes` (`coach_id`,`archived_at`);