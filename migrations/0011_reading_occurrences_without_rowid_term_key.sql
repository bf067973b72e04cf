-- word_occurrences again WITHOUT ROWID (0010 added the Ti2WoID foreign key by rebuilding it as a rowid table,
-- which is all drizzle can express): the primary key is the table, plus the partial index on Ti2WoID that
-- SQLite uses to find the occurrences of a deleted term (ON DELETE SET NULL); unknown words are not in it.
CREATE TABLE `__rowless_word_occurrences` (
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
INSERT INTO `__rowless_word_occurrences` SELECT `Ti2TxID`, `Ti2TfID`, `Ti2Order`, `Ti2WordCount`, `Ti2LgID`, `Ti2WoID` FROM `word_occurrences` ORDER BY 1, 2, 3, 4;--> statement-breakpoint
DROP TABLE `word_occurrences`;--> statement-breakpoint
ALTER TABLE `__rowless_word_occurrences` RENAME TO `word_occurrences`;--> statement-breakpoint
CREATE INDEX `word_occurrences_term` ON `word_occurrences` (`Ti2WoID`) WHERE "Ti2WoID" IS NOT NULL;
