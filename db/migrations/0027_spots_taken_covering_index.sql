DROP INDEX `bookings_class_status_idx`;--> statement-breakpoint
CREATE INDEX `bookings_class_status_idx` ON `bookings` (`class_id`,`status`,`hold_expires_at`,`quantity`);