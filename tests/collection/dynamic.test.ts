// Every Postman dynamic variable is filled, with a value of the shape Postman's
// own generator gives: mockman's are postman-collection's (the one Newman runs),
// loaded with the request builder, so each name's value must match its pattern
// as Postman's does, and a name Postman does not define stays unfilled.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { dynamicVariables } from "#mock/tester/engine/dynamic";

const postman = createRequire(import.meta.url)("postman-collection/lib/superstring/dynamic-variables.js") as Record<
  string,
  { generator: () => unknown }
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const URL_ = /^https?:\/\/\S+$/;
const TEXT = /\S/;
const WORD = /^\S+$/;
const DATE = /^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{2} \d{4} \d\d:\d\d:\d\d GMT[+-]\d{4}/;
const COORDINATE = /^-?\d{1,3}\.\d{4}$/;

/** The pattern each value has, in Postman and in mockman; any name not listed must be non-empty text. */
const SHAPES: Record<string, RegExp> = {
  $guid: UUID,
  $randomUUID: UUID,
  $timestamp: /^\d{10}$/,
  $isoTimestamp: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
  $randomInt: /^(\d{1,3}|1000)$/,
  $randomBoolean: /^(true|false)$/,
  $randomPhoneNumber: /^\d{3}-\d{3}-\d{4}$/,
  $randomPhoneNumberExt: /^\d{1,2}-\d{3}-\d{3}-\d{4}$/,
  $randomLocale: /^[a-z]{2,3}$/,
  $randomDirectoryPath: /^\/\S*$/,
  $randomFilePath: /^\/\S*\/[^/\s]+\.[\w-]+$/,
  $randomCreditCardMask: /^\d{4}$/,
  $randomAlphaNumeric: /^[0-9a-z]$/,
  $randomImageUrl: URL_,
  $randomAvatarImage: URL_,
  $randomAbstractImage: /^https?:\/\/\S+\/abstract$/,
  $randomAnimalsImage: /^https?:\/\/\S+\/animals$/,
  $randomBusinessImage: /^https?:\/\/\S+\/business$/,
  $randomCatsImage: /^https?:\/\/\S+\/cats$/,
  $randomCityImage: /^https?:\/\/\S+\/city$/,
  $randomFoodImage: /^https?:\/\/\S+\/food$/,
  $randomNightlifeImage: /^https?:\/\/\S+\/nightlife$/,
  $randomFashionImage: /^https?:\/\/\S+\/fashion$/,
  $randomPeopleImage: /^https?:\/\/\S+\/people$/,
  $randomNatureImage: /^https?:\/\/\S+\/nature$/,
  $randomSportsImage: /^https?:\/\/\S+\/sports$/,
  $randomTransportImage: /^https?:\/\/\S+\/transport$/,
  $randomImageDataUri: /^data:image\/[\w+]+[;,]/,
  $randomEmail: /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i,
  $randomExampleEmail: /^[^@\s]+@example\.(com|net|org)$/i,
  $randomUserName: WORD,
  $randomProtocol: /^https?$/,
  $randomUrl: URL_,
  $randomDomainName: /^[\w-]+(\.[\w-]+)+$/,
  $randomDomainSuffix: /^[a-z]+$/,
  $randomDomainWord: /^[\w-]+$/,
  $randomIP: /^(\d{1,3}\.){3}\d{1,3}$/,
  $randomIPV6: /^[0-9a-f]{1,4}(:[0-9a-f]{1,4}){7}$/,
  $randomHexColor: /^#[0-9a-f]{6}$/,
  $randomMACAddress: /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/,
  $randomPassword: /^\S{15}$/,
  $randomLatitude: COORDINATE,
  $randomLongitude: COORDINATE,
  $randomPrice: /^\d+\.\d{2}$/,
  $randomBankAccount: /^\d{8}$/,
  $randomCurrencyCode: /^[A-Z]{3}$/,
  $randomCountryCode: /^[A-Z]{2}$/,
  $randomBankAccountIban: /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/,
  $randomBankAccountBic: /^[A-Z0-9]{8}([A-Z0-9]{3})?$/,
  $randomBitcoin: /^(bc1|[13])[a-zA-HJ-NP-Z0-9]{20,70}$/,
  $randomSemver: /^\d+\.\d+\.\d+$/,
  $randomDatePast: DATE,
  $randomDateFuture: DATE,
  $randomDateRecent: DATE,
  $randomMonth: /^(January|February|March|April|May|June|July|August|September|October|November|December)$/,
  $randomWeekday: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/,
  $randomMimeType: /^[\w.+-]+\/[\w.+-]+$/,
  // Extensions from the MIME table may hold a hyphen (application/vnd.nokia.n-gage.data: .n-gage).
  $randomFileName: /^[^/\s]+\.[\w-]+$/,
  $randomCommonFileName: /^[^/\s]+\.[\w-]+$/,
  $randomFileExt: /^[\w-]+$/,
  $randomCommonFileExt: /^[\w-]+$/,
  $randomFileType: /^[a-z-]+$/,
  $randomCommonFileType: /^[a-z-]+$/,
  $randomLoremSlug: /^[a-z]+(-[a-z]+)*$/,
  $randomLoremWord: WORD,
  $randomAbbreviation: /^[A-Z0-9]{2,5}$/,
  $randomNamePrefix: /^[A-Z][a-z]*\.?$/,
  $randomFirstName: WORD,
  $randomLastName: /^\S+( \S+)?$/,
  $randomFullName: /^\S+( \S+)+$/,
  $randomWords: /^\S+( \S+)+$/,
  $randomLoremWords: /^\S+( \S+){2}$/,
  $randomLoremSentence: /^[A-Z].*\.$/,
};

/** As Postman writes a generated value into text (a Date by its toString). */
const asText = (value: unknown) => String(value);

describe("Postman's dynamic variables", async () => {
  const dynamic = await dynamicVariables();

  it("are the whole list Postman defines, no more, no less", () => {
    expect(Object.keys(postman).length).toBeGreaterThan(100);
    expect(Object.keys(postman).filter((name) => dynamic(name) === undefined)).toEqual([]);
    for (const name of ["$notAVariable", "$random", "guid", "toString", "__proto__"]) expect(dynamic(name), name).toBeUndefined();
  });

  const SAMPLES = Number(process.env.DYNAMIC_SAMPLES ?? 20);
  it.each(Object.keys(postman).sort())("%s has the shape Postman gives it", (name) => {
    const shape = SHAPES[name] ?? TEXT;
    // DYNAMIC_SAMPLES=5000 hunts the rare values a shape misses (one run met an .n-gage file).
    for (let i = 0; i < SAMPLES; i++) {
      expect(asText(postman[name].generator()), `Postman's ${name}`).toMatch(shape);
      expect(dynamic(name), `mockman's ${name}`).toMatch(shape);
    }
  });

  it("each use is a fresh value", () => {
    expect(dynamic("$guid")).not.toBe(dynamic("$guid"));
  });
});
