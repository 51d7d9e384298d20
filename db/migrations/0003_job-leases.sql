CREATE TABLE `job_leases` (
	`key` text PRIMARY KEY NOT NULL,
	`owner` text,
	`lease_until` integer DEFAULT 0 NOT NULL,
	`next_run_at` integer DEFAULT 0 NOT NULL,
	`done_at` integer,
	`runs` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
