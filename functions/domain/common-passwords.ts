/**
 * A blocklist of common passwords shipped with the code (NIST SP 800-63B-4 §3.1.1.2, OWASP ASVS 5.0
 * V6.2.4): the most used passwords of public breach corpora, lower-cased, with the usual keyboard
 * walks, years and seasons. It always applies, whatever the contract's policy says, and is checked
 * case-insensitively, so `Password1` and `PASSWORD1` are refused with `password1`.
 */
const COMMON_PASSWORDS: readonly string[] = [
  '123456', 'password', '12345678', 'qwerty', '123456789', '12345', '1234', '111111', '1234567', 'dragon', '123123', 'baseball',
  'abc123', 'football', 'monkey', 'letmein', '696969', 'shadow', 'master', '666666', 'qwertyuiop', '123321', 'mustang',
  '1234567890', 'michael', '654321', 'superman', '1qaz2wsx', '7777777', '121212', '000000', 'qazwsx', '123qwe', 'killer',
  'trustno1', 'jordan', 'jennifer', 'zxcvbnm', 'asdfgh', 'hunter', 'buster', 'soccer', 'harley', 'batman', 'andrew', 'tigger',
  'sunshine', 'iloveyou', '2000', 'charlie', 'robert', 'thomas', 'hockey', 'ranger', 'daniel', 'starwars', 'klaster', '112233',
  'george', 'computer', 'michelle', 'jessica', 'pepper', '1111', 'zxcvbn', '555555', '11111111', '131313', 'freedom', '777777',
  'pass', 'maggie', '159753', 'aaaaaa', 'ginger', 'princess', 'joshua', 'cheese', 'amanda', 'summer', 'love', 'ashley', 'nicole',
  'chelsea', 'biteme', 'matthew', 'access', 'yankees', '987654321', 'dallas', 'austin', 'thunder', 'taylor', 'matrix',
  'mobilemail', 'mom', 'monitor', 'monitoring', 'montana', 'moon', 'moscow', 'william', 'corvette', 'hello', 'martin', 'heather',
  'secret', 'merlin', 'diamond', '1234qwer', 'gfhjkm', 'hammer', 'silver', '222222', '88888888', 'anthony', 'justin', 'test',
  'bailey', 'q1w2e3r4t5', 'patrick', 'internet', 'scooter', 'orange', '11111', 'golfer', 'cookie', 'richard', 'samantha',
  'bigdog', 'guitar', 'jackson', 'whatever', 'mickey', 'chicken', 'sparky', 'snoopy', 'maverick', 'phoenix', 'camaro', 'peanut',
  'morgan', 'welcome', 'falcon', 'cowboy', 'ferrari', 'samsung', 'andrea', 'smokey', 'steelers', 'joseph', 'mercedes', 'dakota',
  'arsenal', 'eagles', 'melissa', 'boomer', 'booboo', 'spider', 'nascar', 'monster', 'tigers', 'yellow', 'xxxxxx', '123123123',
  'gateway', 'marina', 'diablo', 'bulldog', 'qwer1234', 'compaq', 'purple', 'hardcore', 'banana', 'junior', 'hannah', '123654',
  'porsche', 'lakers', 'iceman', 'money', 'cowboys', '987654', 'london', 'tennis', '999999', 'ncc1701', 'coffee', 'scooby',
  '0000', 'miller', 'boston', 'q1w2e3r4', 'brandon', 'yamaha', 'chester', 'mother', 'forever', 'johnny', 'edward', '333333',
  'oliver', 'redsox', 'player', 'nikita', 'knight', 'fender', 'barney', 'midnight', 'please', 'brandy', 'chicago', 'badboy',
  'slayer', 'rangers', 'charles', 'angel', 'flower', 'rabbit', 'wizard', 'bigdick', 'jasper', 'enter', 'rachel', 'chris',
  'steven', 'winner', 'adidas', 'victoria', 'natasha', '1q2w3e4r', 'jasmine', 'winter', 'prince', 'panties', 'marine', 'ghbdtn',
  'fishing', 'cocacola', 'casper', 'james', '232323', 'raiders', '888888', 'marlboro', 'gandalf', 'asdfasdf', 'crystal',
  '87654321', '12344321', 'golden', '8675309', 'panther', 'lauren', 'angela', 'thx1138', 'angels', 'madison', 'winston',
  'shannon', 'mike', 'toyota', 'jordan23', 'canada', 'sophie', 'apples', 'tiger', 'sexy', 'password1', 'password12',
  'password123', 'password1234', 'password!', 'password1!', 'p@ssw0rd', 'p@ssword', 'passw0rd', 'pa55word', 'pa$$w0rd',
  'passwort', 'motdepasse', 'contrasena', 'qwerty123', 'qwerty1', 'qwerty12', 'qwertyui', 'qwerty1234', 'qwertyu1', '1q2w3e4r5t',
  '1q2w3e4r5t6y', '1qaz2wsx3edc', 'zaq12wsx', 'zaq1zaq1', '!qaz2wsx', '1qazxsw2', 'qazwsxedc', 'asdfghjkl', 'asdf1234',
  'zxcvbnm1', 'abcd1234', 'abc12345', 'abcdefg', 'abcdefgh', 'abcdefghi', 'a1b2c3d4', 'aa123456', 'aa12345678', '1234abcd',
  '12qwaszx', 'iloveyou1', 'iloveyou2', 'sunshine1', 'princess1', 'football1', 'baseball1', 'welcome1', 'welcome123', 'welcome!',
  'letmein1', 'letmein123', 'monkey123', 'dragon123', 'master123', 'admin', 'admin123', 'admin1234', 'administrator',
  'adminadmin', 'root', 'toor', 'changeme', 'changeme123', 'default', 'guest', 'user', 'user1234', 'login', 'login123', 'test123',
  'test1234', 'testtest', '123456789a', '1234567891', '12345678910', '0123456789', '9876543210', '147258369', '741852963',
  '963852741', '159357', '123654789', '123456a', '123456abc', '11223344', '12341234', '12121212', '11112222', '00000000',
  '99999999', '66666666', '77777777', '12345qwert', 'qwertyasdf', 'asdfqwer', 'zxcvasdf', 'superman1', 'batman123', 'pokemon',
  'minecraft', 'fortnite', 'starwars1', 'trustno1!', 'blink182', 'liverpool', 'manchester', 'chelsea1', 'barcelona', 'realmadrid',
  'juventus', 'football123', 'soccer123', 'hockey123', 'basketball', 'baseball123', 'michael1', 'jennifer1', 'jessica1',
  'ashley1', 'nicole1', 'daniel1', 'charlie1', 'jordan123', 'lovely', 'loveme', 'lovelove', 'iloveu', 'ihateyou', 'friends',
  'family', 'forever1', 'beautiful', 'sweetheart', 'butterfly', 'flowers', 'sunflower', 'rainbow', 'whatever1', 'nothing',
  'secret123', 'mysecret', 'private', 'confidential', 'security', 'security1', 'letmein!', 'trustme', 'freedom1', 'google',
  'google123', 'facebook', 'linkedin', 'twitter', 'instagram', 'youtube', 'apple123', 'microsoft', 'windows', 'office365',
  'outlook', 'yahoo123', 'hotmail', 'gmail', 'p@ssw0rd1', 'p@ssw0rd123', 'p@55w0rd', 'pass1234', 'pass12345', 'pass123',
  'passpass', 'mypassword', 'mypass', 'newpassword', 'newpass', 'password01', 'password2', 'password3', 'summer2023',
  'summer2024', 'summer2025', 'winter2023', 'winter2024', 'winter2025', 'spring2024', 'spring2025', 'autumn2024', 'fall2024',
  'welcome2023', 'welcome2024', 'welcome2025', 'password2023', 'password2024', 'password2025', 'january', 'february', 'march',
  'april', 'august', 'september', 'october', 'november', 'december', 'monday', 'friday', 'sunday', 'holiday', 'vacation',
  'qawsedrf', '1qa2ws3ed', 'zxcv1234', 'asdf123', 'qweasdzxc', 'qweasd123', 'qwe123qwe', 'qwe12345', '1q2w3e', '1q2w3e4r!',
  '1q2w3e4r5', 'q1w2e3', 'q2w3e4r5', 'hello123', 'hello1234', 'helloworld', 'hellokitty', 'superstar', 'rockstar', 'chocolate',
  'cheese123', 'pepper123', 'cookie123', 'shadow123', 'killer123', 'naruto', 'sasuke', 'onepiece', 'pikachu', 'doraemon',
  'totoro', 'sakura', 'tokyo', 'osaka', 'nihon', 'nippon', 'japan123', 'kyoto', 'yokohama', 'asdfghjk', 'qazxswedc', '1234512345',
  '123456123456', '1111111111', '2222222222', '1212121212', 'abcabc123', 'abcabcabc', 'computer1', 'internet1', 'trustno1234',
  'letmein12', 'iloveyou12', 'jesus', 'jesus123', 'christ', 'blessed', 'god123', 'angel123',
];

const blocklist: ReadonlySet<string> = new Set(COMMON_PASSWORDS);

/** The number of entries (for documentation and tests). */
export const commonPasswordCount = blocklist.size;

/** True when the password (NFKC, any case) is on the shipped blocklist. */
export const isCommonPassword = (password: string): boolean => blocklist.has(password.normalize('NFKC').toLowerCase());
