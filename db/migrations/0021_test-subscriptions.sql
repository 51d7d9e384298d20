CREATE TABLE `test_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`billing_reason` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`payment_intent_id` text NOT NULL,
	`last_error` text,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `test_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_intent_id`) REFERENCES `test_payment_intents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_invoices_period_idx` ON `test_invoices` (`subscription_id`,`period_start`);--> statement-breakpoint
CREATE TABLE `test_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`customer_email` text NOT NULL,
	`description` text NOT NULL,
	`price_cents` integer NOT NULL,
	`service_fee_cents` integer NOT NULL,
	`interval` text NOT NULL,
	`status` text DEFAULT 'incomplete' NOT NULL,
	`billing_cycle_anchor` integer NOT NULL,
	`current_period_start` integer NOT NULL,
	`current_period_end` integer NOT NULL,
	`trial_end` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`canceled_at` integer,
	`card_number` text,
	`metadata` text DEFAULT '{}' NOT NULL,
	`idempotency_key` text NOT NULL,
	`transfer_destination` text,
	`application_fee_percent` real,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_subscriptions_idempotency_key_unique` ON `test_subscriptions` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `test_subscriptions_due_idx` ON `test_subscriptions` (`status`,`current_period_end`);