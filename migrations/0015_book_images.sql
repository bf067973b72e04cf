CREATE TABLE `book_images` (
	`BiID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`BiBkID` integer NOT NULL,
	`BiChapter` integer NOT NULL,
	`BiOrder` integer NOT NULL,
	`BiPara` integer NOT NULL,
	`BiMfID` text NOT NULL,
	`BiAlt` text DEFAULT '' NOT NULL,
	`BiWidth` integer NOT NULL,
	`BiHeight` integer NOT NULL,
	FOREIGN KEY (`BiBkID`) REFERENCES `books`(`BkID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`BiMfID`) REFERENCES `media_files`(`MfID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `book_images_chapter` ON `book_images` (`BiBkID`,`BiChapter`,`BiOrder`);--> statement-breakpoint
CREATE INDEX `book_images_media` ON `book_images` (`BiMfID`);--> statement-breakpoint
ALTER TABLE `books` ADD `BkPictures` integer;