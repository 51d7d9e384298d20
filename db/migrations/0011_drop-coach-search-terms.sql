-- Coach queries of 1 or 2 characters read coaches_search's stored text with a folded GLOB
-- (api/catalog/coach-search.ts): the vocabulary view over its trigram instances is no longer read.
DROP TABLE IF EXISTS `coaches_search_terms`;
