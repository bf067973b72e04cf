-- Names unique per owner. Single-user rows have a NULL owner, and NULLs never collide in a plain
-- UNIQUE index, hence the ifnull expression (drizzle's schema builder cannot express it).
CREATE UNIQUE INDEX `languages_owner_name` ON `languages` (ifnull(`LgUsID`, 0), `LgName`);--> statement-breakpoint
CREATE UNIQUE INDEX `tags_owner_text` ON `tags` (ifnull(`TgUsID`, 0), `TgText`);--> statement-breakpoint
CREATE UNIQUE INDEX `text_tags_owner_text` ON `text_tags` (ifnull(`T2UsID`, 0), `T2Text`);--> statement-breakpoint
CREATE UNIQUE INDEX `activity_log_owner_date` ON `activity_log` (ifnull(`AcUsID`, 0), `AcDate`);--> statement-breakpoint
-- word_occurrences WITHOUT ROWID: its primary key is the table (about 20 bytes a row instead of a rowid
-- row plus a separate primary-key index). drizzle's schema builder cannot express WITHOUT ROWID, and the
-- table is empty here, so it is simply made again; the partial index on Ti2WoID (unknown words are not in
-- it) is what SQLite uses for ON DELETE SET NULL when a term is deleted.
DROP INDEX `word_occurrences_term`;--> statement-breakpoint
DROP TABLE `word_occurrences`;--> statement-breakpoint
CREATE TABLE `word_occurrences` (
	`Ti2TxID` integer NOT NULL,
	`Ti2TfID` integer NOT NULL,
	`Ti2Order` integer NOT NULL,
	`Ti2WordCount` integer NOT NULL,
	`Ti2LgID` integer NOT NULL,
	`Ti2WoID` integer,
	PRIMARY KEY(`Ti2TxID`, `Ti2TfID`, `Ti2Order`, `Ti2WordCount`),
	FOREIGN KEY (`Ti2TxID`) REFERENCES `texts`(`TxID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`Ti2LgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`Ti2WoID`) REFERENCES `words`(`WoID`) ON UPDATE no action ON DELETE set null
) WITHOUT ROWID;--> statement-breakpoint
CREATE INDEX `word_occurrences_term` ON `word_occurrences` (`Ti2WoID`) WHERE "Ti2WoID" IS NOT NULL;
