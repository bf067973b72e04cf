-- A book's cover becomes one of its pictures in the media store (issue 45): BkCoverMfID. Covers stored before
-- (files under <dataDir>/covers/, BkCoverPath) are moved by the job books.moveCovers, one per owner, queued here.
ALTER TABLE `books` ADD `BkCoverMfID` text REFERENCES media_files(MfID) ON DELETE SET NULL;--> statement-breakpoint
INSERT INTO `jobs` (`JbKind`, `JbPayload`, `JbUsID`, `JbState`, `JbAttempts`, `JbRunAfter`, `JbError`, `JbCreated`)
  SELECT 'books.moveCovers', '{}', `BkUsID`, 'pending', 0, 0, '', 0 FROM `books` WHERE `BkCoverPath` != '' GROUP BY `BkUsID`;
