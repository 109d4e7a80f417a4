// Postman's dynamic variables ({{$guid}}, {{$randomEmail}}, ... the whole list
// postman-collection defines), filled as Newman fills them: a fresh value at each
// use. Where Postman calls faker, so does mockman (faker 10 here, 5 in Postman: the
// same kind of value, not the same words). faker is loaded only for a run that
// names one of its variables: it costs more than the rest of a cold start.
import type { Faker } from "@faker-js/faker";

type Generator = (faker: Faker) => string | number | boolean;

/** The locales Postman's $randomLocale picks from. */
const LOCALES =
  "af am an ar ast az be bg bh bn br bs ca ceb ckb co cs cy da de el en eo es et eu fa fi fil fo fr fy ga gd gl gn gu ha haw he hi hmn hr ht hu hy ia id ig is it ja jv ka kk km kn ko ku ky la lb ln lo lt lv mg mi mk ml mn mo mr ms mt my nb ne nl nn no ny oc om or pa pl ps pt qu rm ro ru sd sh si sk sl sm sn so sq sr st su sv sw ta te tg th ti tk to tr tt tw ug uk ur uz vi wa xh yi yo zh zu".split(
    " ",
  );

/** The folders Postman's $randomDirectoryPath picks from. */
const DIRECTORIES =
  "/Applications /bin /boot /boot/defaults /dev /etc /etc/defaults /etc/mail /etc/namedb /etc/periodic /etc/ppp /home /home/user /home/user/dir /lib /Library /lost+found /media /mnt /net /Network /opt /opt/bin /opt/include /opt/lib /opt/sbin /opt/share /private /private/tmp /private/var /proc /rescue /root /sbin /selinux /srv /sys /System /tmp /Users /usr /usr/X11R6 /usr/bin /usr/include /usr/lib /usr/libdata /usr/libexec /usr/local/bin /usr/local/src /usr/obj /usr/ports /usr/sbin /usr/share /usr/src /var /var/log /var/mail /var/spool /var/tmp /var/yp".split(
    " ",
  );

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
const digits = (n: number, first = "0123456789") =>
  pick([...first]) + Array.from({ length: n - 1 }, () => Math.floor(Math.random() * 10)).join("");
/** Postman's phone format (faker 5's phoneNumberFormat(0)): 683-277-7032. */
const phone = () => `${digits(3, "23456789")}-${digits(3, "23456789")}-${digits(4)}`;
const uuid = () => crypto.randomUUID();
/** faker 5's date values, as Postman writes a Date into text. */
const dateText = (date: Date) => date.toString();
/** faker 5's image URLs by category; its placeimg.com is gone, loremflickr takes a category the same way. */
const image = (category: string) => () => `https://loremflickr.com/640/480/${category}`;

/** The variables that need no faker. */
const PLAIN: Record<string, () => string | number | boolean> = {
  $guid: uuid,
  $timestamp: () => Math.round(Date.now() / 1000),
  $isoTimestamp: () => new Date().toISOString(),
  $randomUUID: uuid,
  $randomInt: () => Math.floor(Math.random() * 1001),
  $randomBoolean: () => Math.random() < 0.5,
  $randomPhoneNumber: phone,
  $randomPhoneNumberExt: () => `${Math.floor(Math.random() * 99) + 1}-${phone()}`,
  $randomLocale: () => pick(LOCALES),
  $randomDirectoryPath: () => pick(DIRECTORIES),
  $randomCreditCardMask: () => digits(4),
  $randomAlphaNumeric: () => pick([..."0123456789abcdefghijklmnopqrstuvwxyz"]),
  $randomAbstractImage: image("abstract"),
  $randomAnimalsImage: image("animals"),
  $randomBusinessImage: image("business"),
  $randomCatsImage: image("cats"),
  $randomCityImage: image("city"),
  $randomFoodImage: image("food"),
  $randomNightlifeImage: image("nightlife"),
  $randomFashionImage: image("fashion"),
  $randomPeopleImage: image("people"),
  $randomNatureImage: image("nature"),
  $randomSportsImage: image("sports"),
  $randomTransportImage: image("transport"),
  $randomImageUrl: () => "https://loremflickr.com/640/480",
};

/** The variables Postman fills with faker, by the faker 10 call that gives the same kind of value. */
const FAKER: Record<string, Generator> = {
  $randomWords: (f) => Array.from({ length: f.number.int({ min: 2, max: 5 }) }, () => f.word.sample()).join(" "),
  $randomFilePath: (f) => `${pick(DIRECTORIES)}/${f.system.fileName()}`,
  $randomCity: (f) => f.location.city(),
  $randomStreetName: (f) => f.location.street(),
  $randomStreetAddress: (f) => f.location.streetAddress(),
  $randomCountry: (f) => f.location.country(),
  $randomCountryCode: (f) => f.location.countryCode(),
  $randomLatitude: (f) => f.location.latitude({ precision: 4 }).toFixed(4),
  $randomLongitude: (f) => f.location.longitude({ precision: 4 }).toFixed(4),
  $randomColor: (f) => f.color.human(),
  $randomDepartment: (f) => f.commerce.department(),
  $randomProductName: (f) => f.commerce.productName(),
  $randomProductAdjective: (f) => f.commerce.productAdjective(),
  $randomProductMaterial: (f) => f.commerce.productMaterial(),
  $randomProduct: (f) => f.commerce.product(),
  $randomCompanyName: (f) => f.company.name(),
  $randomCompanySuffix: () => pick(["Inc", "and Sons", "LLC", "Group"]), // faker 5's list; faker 10 has none
  $randomCatchPhrase: (f) => f.company.catchPhrase(),
  $randomBs: (f) => f.company.buzzPhrase(),
  $randomCatchPhraseAdjective: (f) => f.company.catchPhraseAdjective(),
  $randomCatchPhraseDescriptor: (f) => f.company.catchPhraseDescriptor(),
  $randomCatchPhraseNoun: (f) => f.company.catchPhraseNoun(),
  $randomBsAdjective: (f) => f.company.buzzAdjective(),
  $randomBsBuzz: (f) => f.company.buzzVerb(),
  $randomBsNoun: (f) => f.company.buzzNoun(),
  $randomDatabaseColumn: (f) => f.database.column(),
  $randomDatabaseType: (f) => f.database.type(),
  $randomDatabaseCollation: (f) => f.database.collation(),
  $randomDatabaseEngine: (f) => f.database.engine(),
  $randomDatePast: (f) => dateText(f.date.past()),
  $randomDateFuture: (f) => dateText(f.date.future()),
  $randomDateRecent: (f) => dateText(f.date.recent()),
  $randomMonth: (f) => f.date.month(),
  $randomWeekday: (f) => f.date.weekday(),
  $randomBankAccount: (f) => f.finance.accountNumber(8),
  $randomBankAccountName: (f) => f.finance.accountName(),
  $randomPrice: (f) => f.finance.amount(),
  $randomTransactionType: (f) => f.finance.transactionType(),
  $randomCurrencyCode: (f) => f.finance.currencyCode(),
  $randomCurrencyName: (f) => f.finance.currencyName(),
  $randomCurrencySymbol: (f) => f.finance.currencySymbol(),
  $randomBitcoin: (f) => f.finance.bitcoinAddress(),
  $randomBankAccountIban: (f) => f.finance.iban(),
  $randomBankAccountBic: (f) => f.finance.bic(),
  $randomAbbreviation: (f) => f.hacker.abbreviation(),
  $randomAdjective: (f) => f.hacker.adjective(),
  $randomNoun: (f) => f.hacker.noun(),
  $randomVerb: (f) => f.hacker.verb(),
  $randomIngverb: (f) => f.hacker.ingverb(),
  $randomPhrase: (f) => f.hacker.phrase(),
  $randomAvatarImage: (f) => f.image.avatar(),
  $randomImageDataUri: (f) => f.image.dataUri(),
  $randomEmail: (f) => f.internet.email(),
  $randomExampleEmail: (f) => f.internet.exampleEmail(),
  $randomUserName: (f) => f.internet.username(),
  $randomProtocol: (f) => f.internet.protocol(),
  $randomUrl: (f) => f.internet.url(),
  $randomDomainName: (f) => f.internet.domainName(),
  $randomDomainSuffix: (f) => f.internet.domainSuffix(),
  $randomDomainWord: (f) => f.internet.domainWord(),
  $randomIP: (f) => f.internet.ipv4(),
  $randomIPV6: (f) => f.internet.ipv6(),
  $randomUserAgent: (f) => f.internet.userAgent(),
  $randomHexColor: (f) => f.color.rgb(),
  $randomMACAddress: (f) => f.internet.mac(),
  $randomPassword: (f) => f.internet.password(),
  $randomLoremWord: (f) => f.lorem.word(),
  $randomLoremWords: (f) => f.lorem.words(),
  $randomLoremSentence: (f) => f.lorem.sentence(),
  $randomLoremSlug: (f) => f.lorem.slug(),
  $randomLoremSentences: (f) => f.lorem.sentences(),
  $randomLoremParagraph: (f) => f.lorem.paragraph(),
  $randomLoremParagraphs: (f) => f.lorem.paragraphs(3, "\n \r"),
  $randomLoremText: (f) => f.lorem.text(),
  $randomLoremLines: (f) => f.lorem.lines(),
  $randomFirstName: (f) => f.person.firstName(),
  $randomLastName: (f) => f.person.lastName(),
  $randomFullName: (f) => f.person.fullName(),
  $randomJobTitle: (f) => f.person.jobTitle(),
  $randomNamePrefix: (f) => f.person.prefix(),
  $randomNameSuffix: (f) => f.person.suffix(),
  $randomJobDescriptor: (f) => f.person.jobDescriptor(),
  $randomJobArea: (f) => f.person.jobArea(),
  $randomJobType: (f) => f.person.jobType(),
  $randomWord: (f) => f.word.sample(),
  $randomFileName: (f) => f.system.fileName(),
  $randomCommonFileName: (f) => f.system.commonFileName(),
  $randomMimeType: (f) => f.system.mimeType(),
  $randomCommonFileType: (f) => f.system.commonFileType(),
  $randomCommonFileExt: (f) => f.system.commonFileExt(),
  $randomFileType: (f) => f.system.fileType(),
  $randomFileExt: (f) => f.system.fileExt(),
  $randomSemver: (f) => f.system.semver(),
};

/** Every dynamic variable's name, as Postman documents them. */
export const DYNAMIC_VARIABLE_NAMES: readonly string[] = [...Object.keys(PLAIN), ...Object.keys(FAKER)];

/** A dynamic variable's value as text, or undefined when `name` is none. */
export type DynamicVariables = (name: string) => string | undefined;

/** Whether some text names a dynamic variable that needs faker (so the run loads it first). */
export const needsFaker = (text: string) => /\$random(?!Int\b|UUID\b|Boolean\b)[A-Za-z]/.test(text);

/** The dynamic variables; with `faker` false, those that need it stay unresolved (a run that names none never loads it). */
export async function dynamicVariables(faker: boolean): Promise<DynamicVariables> {
  let made: Faker | undefined;
  if (faker) {
    const { Faker, base, en } = await import("@faker-js/faker");
    made = new Faker({ locale: [en, base] });
  }
  return (name) => {
    if (Object.prototype.hasOwnProperty.call(PLAIN, name)) return String(PLAIN[name]());
    if (!made || !Object.prototype.hasOwnProperty.call(FAKER, name)) return undefined;
    return String(FAKER[name](made));
  };
}
