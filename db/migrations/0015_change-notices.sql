CREATE TABLE `pending_change_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`class_id` integer NOT NULL,
	`booked` integer NOT NULL,
	`before` text NOT NULL,
	`due_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pending_change_notices_person_class_idx` ON `pending_change_notices` (`user_id`,`class_id`);--> statement-breakpoint
CREATE INDEX `pending_change_notices_due_idx` ON `pending_change_notices` (`due_at`);