-- word_occurrences as a WITHOUT ROWID table: its primary key is the table, so a row costs about 20 bytes
-- instead of a rowid row plus a separate primary-key index (drizzle's schema builder cannot express it).
-- The table is new in 0004, so nothing is copied.
DROP INDEX `word_occurrences_form`;--> statement-breakpoint
DROP TABLE `word_occurrences`;--> statement-breakpoint
CREATE TABLE `word_occurrences` (
	`Ti2TxID` integer NOT NULL,
	`Ti2Order` integer NOT NULL,
	`Ti2WordCount` integer NOT NULL,
	`Ti2LgID` integer NOT NULL,
	`Ti2WoID` integer,
	`Ti2TfID` integer NOT NULL,
	PRIMARY KEY(`Ti2TxID`, `Ti2Order`, `Ti2WordCount`),
	FOREIGN KEY (`Ti2TxID`) REFERENCES `texts`(`TxID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`Ti2LgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
CREATE INDEX `word_occurrences_form` ON `word_occurrences` (`Ti2TfID`);
