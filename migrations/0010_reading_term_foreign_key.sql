ALTER TABLE `sentences` ADD `SeStart` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sentences` ADD `SeLength` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sentences` DROP COLUMN `SeText`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_word_occurrences` (
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
);
--> statement-breakpoint
INSERT INTO `__new_word_occurrences`("Ti2TxID", "Ti2TfID", "Ti2Order", "Ti2WordCount", "Ti2LgID", "Ti2WoID") SELECT "Ti2TxID", "Ti2TfID", "Ti2Order", "Ti2WordCount", "Ti2LgID", "Ti2WoID" FROM `word_occurrences`;--> statement-breakpoint
DROP TABLE `word_occurrences`;--> statement-breakpoint
ALTER TABLE `__new_word_occurrences` RENAME TO `word_occurrences`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `word_occurrences_term` ON `word_occurrences` (`Ti2WoID`) WHERE "Ti2WoID" IS NOT NULL;