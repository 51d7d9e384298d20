-- Coach search (customer-areas §5: the full name or the bio contains q) ignoring case AND accents, so "jose"
-- finds José: a trigram index with remove_diacritics over every coach's name and bio, kept in sync by the
-- triggers below in the same transaction as the write. api/catalog/coach-search.ts reads it; queries of 1 or 2
-- characters read its folded trigrams through coaches_search_terms.
CREATE VIRTUAL TABLE `coaches_search` USING fts5(`name`, `bio`, tokenize = 'trigram remove_diacritics 1');
--> statement-breakpoint
CREATE VIRTUAL TABLE `coaches_search_terms` USING fts5vocab(`coaches_search`, 'instance');
--> statement-breakpoint
INSERT INTO `coaches_search` (rowid, `name`, `bio`)
  SELECT `id`, `first_name` || ' ' || `last_name`, coalesce(`bio`, '') FROM `users` WHERE `role` = 'coach';
--> statement-breakpoint
CREATE TRIGGER `coaches_search_insert` AFTER INSERT ON `users` WHEN new.`role` = 'coach' BEGIN
  INSERT INTO `coaches_search` (rowid, `name`, `bio`) VALUES (new.`id`, new.`first_name` || ' ' || new.`last_name`, coalesce(new.`bio`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `coaches_search_update` AFTER UPDATE OF `first_name`, `last_name`, `bio`, `role` ON `users` WHEN old.`role` = 'coach' OR new.`role` = 'coach' BEGIN
  DELETE FROM `coaches_search` WHERE rowid = old.`id`;
  INSERT INTO `coaches_search` (rowid, `name`, `bio`) SELECT new.`id`, new.`first_name` || ' ' || new.`last_name`, coalesce(new.`bio`, '') WHERE new.`role` = 'coach';
END;
--> statement-breakpoint
CREATE TRIGGER `coaches_search_delete` AFTER DELETE ON `users` WHEN old.`role` = 'coach' BEGIN
  DELETE FROM `coaches_search` WHERE rowid = old.`id`;
END;
