CREATE TABLE `text_readings` (
	`RdTxID` integer NOT NULL,
	`RdBase` text NOT NULL,
	`RdReading` text NOT NULL,
	PRIMARY KEY(`RdTxID`, `RdBase`),
	FOREIGN KEY (`RdTxID`) REFERENCES `texts`(`TxID`) ON UPDATE no action ON DELETE cascade
);
