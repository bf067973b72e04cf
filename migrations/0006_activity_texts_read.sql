CREATE TABLE `activity_texts_read` (
	`AtTxID` integer NOT NULL,
	`AtDate` text NOT NULL,
	PRIMARY KEY(`AtTxID`, `AtDate`),
	FOREIGN KEY (`AtTxID`) REFERENCES `texts`(`TxID`) ON UPDATE no action ON DELETE cascade
);
