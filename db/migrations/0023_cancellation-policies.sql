CREATE TABLE `coach_credits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`coach_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`kind` text NOT NULL,
	`booking_id` integer,
	`provider_refund_id` text,
	`actor_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`coach_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `coach_credits_owner_idx` ON `coach_credits` (`customer_id`,`coach_id`);--> statement-breakpoint
CREATE INDEX `coach_credits_booking_idx` ON `coach_credits` (`booking_id`);--> statement-breakpoint
CREATE TABLE `coach_policies` (
	`coach_id` integer PRIMARY KEY NOT NULL,
	`policy` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`coach_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `bookings` ADD `cancellation_policy` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `credit_applied_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `credit_issued_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `classes` ADD `cancellation_policy` text;--> statement-breakpoint
ALTER TABLE `classes` ADD `own_cancellation_policy` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- The credit ledger is append-only: a movement, once written, is never changed (a correction is a new row).
CREATE TRIGGER `coach_credits_append_only` BEFORE UPDATE OF `amount_cents`, `kind`, `customer_id`, `coach_id` ON `coach_credits`
BEGIN
	SELECT RAISE(ABORT, 'coach_credits is append-only');
END;
