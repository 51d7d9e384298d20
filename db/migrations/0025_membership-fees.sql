CREATE TABLE `membership_fees` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`purchase_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`coach_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`payout_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`claimed_at` integer,
	`charge_id` text,
	`failure_message` text,
	`charged_at` integer,
	`refund_id` text,
	`refunded_at` integer,
	`emailed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`purchase_id`) REFERENCES `pass_purchases`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`coach_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `membership_fees_once_idx` ON `membership_fees` (`booking_id`,`kind`);--> statement-breakpoint
CREATE INDEX `membership_fees_status_idx` ON `membership_fees` (`status`,`claimed_at`);--> statement-breakpoint
CREATE INDEX `membership_fees_user_idx` ON `membership_fees` (`user_id`);--> statement-breakpoint
CREATE INDEX `membership_fees_coach_idx` ON `membership_fees` (`coach_id`,`charged_at`);