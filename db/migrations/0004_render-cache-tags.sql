CREATE TABLE `cache_tags` (
	`tag` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cache_tags_seq_idx` ON `cache_tags` (`seq`);--> statement-breakpointCREATE TRIGGER `cache_tags_classes_insert` AFTER INSERT ON `classes`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'classes', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || NEW.parent_class_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE NEW.parent_class_id IS NOT NULL ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'coach:' || NEW.coach_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_classes_update` AFTER UPDATE ON `classes`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'classes', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || NEW.parent_class_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE NEW.parent_class_id IS NOT NULL ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'coach:' || NEW.coach_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || OLD.parent_class_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE OLD.parent_class_id IS NOT NULL AND OLD.parent_class_id IS NOT NEW.parent_class_id ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'coach:' || OLD.coach_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE OLD.coach_id IS NOT NEW.coach_id ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_classes_delete` AFTER DELETE ON `classes`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'classes', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || OLD.id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || OLD.parent_class_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE OLD.parent_class_id IS NOT NULL ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'coach:' || OLD.coach_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_bookings_insert` AFTER INSERT ON `bookings`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || NEW.class_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_bookings_update` AFTER UPDATE OF `status`, `quantity`, `hold_expires_at`, `class_id` ON `bookings`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || NEW.class_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || OLD.class_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE OLD.class_id IS NOT NEW.class_id ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_bookings_delete` AFTER DELETE ON `bookings`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'class:' || OLD.class_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_reviews_insert` AFTER INSERT ON `reviews`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'coaches', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'coach:' || NEW.coach_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_reviews_update` AFTER UPDATE ON `reviews`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'coaches', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'coach:' || NEW.coach_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'coach:' || OLD.coach_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE OLD.coach_id IS NOT NEW.coach_id ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_reviews_delete` AFTER DELETE ON `reviews`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'coaches', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'coach:' || OLD.coach_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_users_insert` AFTER INSERT ON `users` WHEN NEW.role = 'coach'
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'coaches', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'coach:' || NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_users_update` AFTER UPDATE OF `first_name`, `last_name`, `profile_image`, `role`, `bio`, `areas_of_expertise`, `certifications`, `is_approved` ON `users`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'coach:' || NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'coaches', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE OLD.role = 'coach' OR NEW.role = 'coach' ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT DISTINCT 'coach:' || coach_id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) FROM reviews WHERE user_id = NEW.id AND (OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name) ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_users_delete` AFTER DELETE ON `users`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'coach:' || OLD.id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'coaches', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE OLD.role = 'coach' ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_blog_posts_insert` AFTER INSERT ON `blog_posts`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'blog', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'post:' || NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_blog_posts_update` AFTER UPDATE ON `blog_posts`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'blog', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'post:' || NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'post:' || OLD.id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE OLD.id IS NOT NEW.id ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_blog_posts_delete` AFTER DELETE ON `blog_posts`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'blog', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'post:' || OLD.id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_categories_insert` AFTER INSERT ON `categories`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'categories', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_categories_update` AFTER UPDATE ON `categories`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'categories', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `cache_tags_categories_delete` AFTER DELETE ON `categories`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'categories', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
