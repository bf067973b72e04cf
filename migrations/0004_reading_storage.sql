CREATE TABLE `token_forms` (
	`TfID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`TfLgID` integer NOT NULL,
	`TfTextLC` text NOT NULL,
	FOREIGN KEY (`TfLgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `token_forms_language_text` ON `token_forms` (`TfLgID`,`TfTextLC`);--> statement-breakpoint
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
);
--> statement-breakpoint
CREATE INDEX `word_occurrences_form` ON `word_occurrences` (`Ti2TfID`);