-- word_occurrences without Ti2LgID (the text's language) and without a foreign key on Ti2TxID: storing a
-- text's 10,000+ rows checked two parents per row, a third of the insert's cost. A text's rows go with it
-- through a trigger instead (it fires on a language's cascade to its texts too). drizzle cannot express
-- WITHOUT ROWID or triggers: the table is rebuilt by hand, in key order, as in 0001.
CREATE TABLE `__new_word_occurrences` (
	`Ti2TxID` integer NOT NULL,
	`Ti2TfID` integer NOT NULL,
	`Ti2Order` integer NOT NULL,
	`Ti2WordCount` integer NOT NULL,
	`Ti2WoID` integer,
	PRIMARY KEY(`Ti2TxID`, `Ti2TfID`, `Ti2Order`, `Ti2WordCount`),
	FOREIGN KEY (`Ti2WoID`) REFERENCES `words`(`WoID`) ON UPDATE no action ON DELETE set null
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_word_occurrences`("Ti2TxID", "Ti2TfID", "Ti2Order", "Ti2WordCount", "Ti2WoID") SELECT "Ti2TxID", "Ti2TfID", "Ti2Order", "Ti2WordCount", "Ti2WoID" FROM `word_occurrences` WHERE "Ti2TxID" IN (SELECT "TxID" FROM `texts`) ORDER BY 1, 2, 3, 4;--> statement-breakpoint
DROP TABLE `word_occurrences`;--> statement-breakpoint
ALTER TABLE `__new_word_occurrences` RENAME TO `word_occurrences`;--> statement-breakpoint
CREATE INDEX `word_occurrences_term` ON `word_occurrences` (`Ti2WoID`) WHERE "Ti2WoID" IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER `word_occurrences_text_deleted` AFTER DELETE ON `texts` BEGIN DELETE FROM `word_occurrences` WHERE `Ti2TxID` = old.`TxID`; END;
