-- Prepares 0010 (word_occurrences.Ti2WoID becomes a foreign key to words; sentences store offsets into
-- TxText instead of a second copy of the text):
-- * a term deleted without terms.changed may have left a stale Ti2WoID, which the new foreign key would
--   refuse when 0010 copies the rows: such occurrences become unknown words (NULL), as the key now does;
-- * sentence offsets can only be computed by the parser, so the sentences go and every text is parsed
--   again when it is next opened (TxNeedsParse).
UPDATE `word_occurrences` SET `Ti2WoID` = NULL WHERE `Ti2WoID` IS NOT NULL AND `Ti2WoID` NOT IN (SELECT `WoID` FROM `words`);--> statement-breakpoint
DELETE FROM `sentences`;--> statement-breakpoint
UPDATE `texts` SET `TxNeedsParse` = 1;
