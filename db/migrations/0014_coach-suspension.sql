ALTER TABLE `classes` ADD `hidden_with_coach_at` integer;--> statement-breakpoint
CREATE TRIGGER `cache_tags_users_suspended` AFTER UPDATE OF `suspended_at`, `deleted_at` ON `users`
BEGIN
  INSERT INTO cache_tags (tag, seq) SELECT 'coach:' || NEW.id, (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE true ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
  INSERT INTO cache_tags (tag, seq) SELECT 'coaches', (SELECT coalesce(max(seq), 0) + 1 FROM cache_tags) WHERE NEW.role = 'coach' ON CONFLICT (tag) DO UPDATE SET seq = excluded.seq;
END;
