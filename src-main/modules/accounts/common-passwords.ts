// Runs in: main. The most common passwords of 8+ characters (from published breach-corpus top lists,
// SecLists "10k most common" and NCSC's 100k list head), lowercased. Shorter ones fail the length rule anyway.
const LIST = `password 12345678 123456789 1234567890 qwertyuiop 11111111 iloveyou1 password1 password123 12341234
00000000 87654321 88888888 qwerty123 1q2w3e4r 1qaz2wsx qwertyui abcd1234 sunshine princess1 football
baseball1 welcome1 welcome123 admin123 administrator letmein1 trustno1 starwars computer michelle
jennifer superman1 123123123 1234qwer asdfghjkl zxcvbnm1 zxcvbnmm q1w2e3r4 q1w2e3r4t5 qwer1234 passw0rd
p@ssw0rd p@ssword monkey123 dragon123 football1 liverpool chelsea1 arsenal1 master123 shadow123 whatever
iloveyou 987654321 123qweasd 1q2w3e4r5t 1q2w3e4r5t6y qazwsxedc 123456789a a1234567 aa123456 abc12345
abcdefgh 11223344 12344321 55555555 66666666 77777777 99999999 22222222 33333333 44444444 12121212
changeme changeme1 secret123 letmein123 mustang1 pokemon1 butterfly cookie123 charlie1 samsung1 default1
internet blink182 elephant1 baseball football123 sunshine1 princess lovely123 freedom1 password01
password12 password1234 qwertyuiop1 1qazxsw2 zaq12wsx 1qaz2wsx3edc 7777777777 0123456789 123456123
987654321a 12345678910 qwerty12345 asdf1234 asdfasdf zxcvbnm123 loveyou1 iloveu123 welcome2024 summer2024
winter2024 spring2024 autumn2024 password2024 password2023 password2025 password2026 lectio123 lectio2026
languages learning readings vocabulary`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
