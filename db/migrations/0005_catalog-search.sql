-- The catalogue in SQL (issue 9). Browse indexes hold only bookable rows (not deleted, not a series' parent
-- template) keyed by the start time with "no start time" sorting last, so a page of GET /api/classes is an
-- index range read in order. The expression and the WHERE must match api/catalog/browse-query.ts word for word.
CREATE INDEX `classes_browse_idx` ON `classes` (coalesce(`start_time`, 9007199254740991), `category_id`, `age_group`) WHERE `deleted_at` IS NULL AND (`is_recurring` = 0 OR `parent_class_id` IS NOT NULL);
--> statement-breakpoint
CREATE INDEX `classes_browse_category_idx` ON `classes` (`category_id`, coalesce(`start_time`, 9007199254740991), `age_group`) WHERE `deleted_at` IS NULL AND (`is_recurring` = 0 OR `parent_class_id` IS NOT NULL);
--> statement-breakpoint
CREATE INDEX `classes_coach_browse_idx` ON `classes` (`coach_id`, coalesce(`start_time`, 9007199254740991)) WHERE `deleted_at` IS NULL AND (`is_recurring` = 0 OR `parent_class_id` IS NOT NULL);
--> statement-breakpoint
-- Coach ratings (average and count per coach) read from the index alone.
CREATE INDEX `reviews_coach_rating_idx` ON `reviews` (`coach_id`, `rating`);
--> statement-breakpoint
-- Full-text search for q: a trigram index, so a query matches anywhere inside a word (case-insensitive), as the
-- spec's "contains" does, and every prefix of a word with it. Kept in sync by the triggers below.
CREATE VIRTUAL TABLE `classes_search` USING fts5(`title`, `description`, `category`, `coach`, `location`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `classes_search` (rowid, `title`, `description`, `category`, `coach`, `location`)
  SELECT c.`id`, c.`title`, c.`description`, coalesce(cat.`name`, ''), coalesce(u.`first_name` || ' ' || u.`last_name`, ''), coalesce(c.`location`, '')
  FROM `classes` c LEFT JOIN `categories` cat ON cat.`id` = c.`category_id` LEFT JOIN `users` u ON u.`id` = c.`coach_id`;
--> statement-breakpoint
CREATE TRIGGER `classes_search_insert` AFTER INSERT ON `classes` BEGIN
  INSERT INTO `classes_search` (rowid, `title`, `description`, `category`, `coach`, `location`) VALUES (
    new.`id`, new.`title`, new.`description`,
    coalesce((SELECT `name` FROM `categories` WHERE `id` = new.`category_id`), ''),
    coalesce((SELECT `first_name` || ' ' || `last_name` FROM `users` WHERE `id` = new.`coach_id`), ''),
    coalesce(new.`location`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `classes_search_update` AFTER UPDATE OF `title`, `description`, `category_id`, `coach_id`, `location` ON `classes` BEGIN
  DELETE FROM `classes_search` WHERE rowid = old.`id`;
  INSERT INTO `classes_search` (rowid, `title`, `description`, `category`, `coach`, `location`) VALUES (
    new.`id`, new.`title`, new.`description`,
    coalesce((SELECT `name` FROM `categories` WHERE `id` = new.`category_id`), ''),
    coalesce((SELECT `first_name` || ' ' || `last_name` FROM `users` WHERE `id` = new.`coach_id`), ''),
    coalesce(new.`location`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `classes_search_delete` AFTER DELETE ON `classes` BEGIN
  DELETE FROM `classes_search` WHERE rowid = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `classes_search_coach_name` AFTER UPDATE OF `first_name`, `last_name` ON `users` BEGIN
  UPDATE `classes_search` SET `coach` = new.`first_name` || ' ' || new.`last_name` WHERE rowid IN (SELECT `id` FROM `classes` WHERE `coach_id` = new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `classes_search_category_name` AFTER UPDATE OF `name` ON `categories` BEGIN
  UPDATE `classes_search` SET `category` = new.`name` WHERE rowid IN (SELECT `id` FROM `classes` WHERE `category_id` = new.`id`);
END;
