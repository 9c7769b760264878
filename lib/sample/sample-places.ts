// Where the fictional sample NGOs are registered: real countries and cities (spelled as they are
// locally, accents included, so search folding gets exercised), with made-up registration
// number formats and legal forms. In a format, "#" is a digit and "@" an upper-case letter.

export type NameLanguage = "en" | "fr" | "es" | "pt" | "de" | "it" | "pl";

export type SampleCountry = {
  code: string;
  language: NameLanguage;
  cities: readonly string[];
  registrationFormat: string;
  legalForm: string;
};

export const SAMPLE_COUNTRIES: readonly SampleCountry[] = [
  { code: "GB", language: "en", cities: ["London", "Manchester", "Edinburgh", "Cardiff", "Bristol"], registrationFormat: "GB-CR-#######", legalForm: "CIO" },
  { code: "IE", language: "en", cities: ["Dublin", "Cork", "Galway"], registrationFormat: "IE-CHY-#######", legalForm: "CLG" },
  { code: "US", language: "en", cities: ["New York", "Chicago", "San Antonio", "Seattle", "Atlanta"], registrationFormat: "US-NP-##-#######", legalForm: "Inc." },
  { code: "CA", language: "en", cities: ["Toronto", "Montréal", "Vancouver", "Québec"], registrationFormat: "CA-#########RR####", legalForm: "Inc." },
  { code: "AU", language: "en", cities: ["Sydney", "Melbourne", "Brisbane", "Perth"], registrationFormat: "AU-ACN-### ### ###", legalForm: "Ltd" },
  { code: "NZ", language: "en", cities: ["Auckland", "Wellington", "Christchurch"], registrationFormat: "NZ-CC#######", legalForm: "Incorporated" },
  { code: "ZA", language: "en", cities: ["Cape Town", "Johannesburg", "Durban"], registrationFormat: "ZA-NPO-###-###", legalForm: "NPC" },
  { code: "KE", language: "en", cities: ["Nairobi", "Mombasa", "Kisumu", "Nakuru"], registrationFormat: "KE-OP.###/051/##/####", legalForm: "NGO" },
  { code: "NG", language: "en", cities: ["Lagos", "Abuja", "Ibadan", "Enugu"], registrationFormat: "NG-IT-######", legalForm: "Incorporated Trustees" },
  { code: "GH", language: "en", cities: ["Accra", "Kumasi", "Tamale"], registrationFormat: "GH-DSW-#######", legalForm: "LBG" },
  { code: "UG", language: "en", cities: ["Kampala", "Gulu", "Mbarara"], registrationFormat: "UG-INDR-######-NGO", legalForm: "Ltd" },
  { code: "IN", language: "en", cities: ["Mumbai", "Bengaluru", "Chennai", "Kolkata", "Pune"], registrationFormat: "IN-@@/####/#######", legalForm: "Section 8 Company" },
  { code: "PH", language: "en", cities: ["Manila", "Cebu City", "Davao City"], registrationFormat: "PH-CN######", legalForm: "Inc." },
  { code: "BD", language: "en", cities: ["Dhaka", "Chattogram", "Sylhet"], registrationFormat: "BD-NGOAB-######", legalForm: "Society" },
  { code: "NP", language: "en", cities: ["Kathmandu", "Pokhara", "Lalitpur"], registrationFormat: "NP-SWC-#######", legalForm: "Sanstha" },
  { code: "JP", language: "en", cities: ["Tokyo", "Osaka", "Sapporo", "Fukuoka"], registrationFormat: "JP-NPO-#############", legalForm: "NPO Corporation" },
  { code: "NL", language: "en", cities: ["Amsterdam", "Rotterdam", "Utrecht"], registrationFormat: "NL-RSIN-#########", legalForm: "Stichting" },
  { code: "SE", language: "en", cities: ["Stockholm", "Göteborg", "Malmö"], registrationFormat: "SE-802###-####", legalForm: "ideell förening" },
  { code: "NO", language: "en", cities: ["Oslo", "Bergen", "Tromsø"], registrationFormat: "NO-### ### ###", legalForm: "ideell organisasjon" },
  { code: "DK", language: "en", cities: ["København", "Aarhus", "Odense"], registrationFormat: "DK-CVR-########", legalForm: "almennyttig forening" },
  { code: "FR", language: "fr", cities: ["Paris", "Lyon", "Marseille", "Besançon", "Orléans"], registrationFormat: "FR-W#########", legalForm: "association loi 1901" },
  { code: "BE", language: "fr", cities: ["Bruxelles", "Liège", "Namur"], registrationFormat: "BE-0###.###.###", legalForm: "ASBL" },
  { code: "SN", language: "fr", cities: ["Dakar", "Saint-Louis", "Thiès"], registrationFormat: "SN-ONG-####/@@", legalForm: "association" },
  { code: "CI", language: "fr", cities: ["Abidjan", "Yamoussoukro", "Bouaké"], registrationFormat: "CI-ASS-####-###", legalForm: "association" },
  { code: "MA", language: "fr", cities: ["Casablanca", "Rabat", "Fès"], registrationFormat: "MA-RC-######", legalForm: "association" },
  { code: "CH", language: "de", cities: ["Zürich", "Genève", "Bern", "Basel"], registrationFormat: "CH-CHE-###.###.###", legalForm: "gemeinnützig" },
  { code: "DE", language: "de", cities: ["Berlin", "München", "Köln", "Düsseldorf", "Leipzig"], registrationFormat: "DE-VR ######", legalForm: "gemeinnützig" },
  { code: "AT", language: "de", cities: ["Wien", "Graz", "Linz", "Salzburg"], registrationFormat: "AT-ZVR-#########", legalForm: "gemeinnützig" },
  { code: "ES", language: "es", cities: ["Madrid", "Barcelona", "Sevilla", "Málaga", "Córdoba"], registrationFormat: "ES-G########", legalForm: "entidad sin ánimo de lucro" },
  { code: "MX", language: "es", cities: ["Ciudad de México", "Guadalajara", "Mérida", "Querétaro"], registrationFormat: "MX-@@@######@@#", legalForm: "A.C." },
  { code: "CO", language: "es", cities: ["Bogotá", "Medellín", "Cali", "Cartagena"], registrationFormat: "CO-NIT-###.###.###-#", legalForm: "ESAL" },
  { code: "AR", language: "es", cities: ["Buenos Aires", "Córdoba", "Rosario", "Mendoza"], registrationFormat: "AR-30-########-#", legalForm: "entidad de bien público" },
  { code: "PE", language: "es", cities: ["Lima", "Cusco", "Arequipa"], registrationFormat: "PE-RUC-###########", legalForm: "ONGD" },
  { code: "CL", language: "es", cities: ["Santiago", "Valparaíso", "Concepción"], registrationFormat: "CL-##.###.###-#", legalForm: "OSFL" },
  { code: "EC", language: "es", cities: ["Quito", "Guayaquil", "Cuenca"], registrationFormat: "EC-MIES-#######", legalForm: "OSFL" },
  { code: "BR", language: "pt", cities: ["São Paulo", "Rio de Janeiro", "Belém", "Brasília", "Florianópolis"], registrationFormat: "BR-##.###.###/0001-##", legalForm: "OSCIP" },
  { code: "PT", language: "pt", cities: ["Lisboa", "Porto", "Coimbra", "Braga"], registrationFormat: "PT-5########", legalForm: "IPSS" },
  { code: "MZ", language: "pt", cities: ["Maputo", "Beira", "Nampula"], registrationFormat: "MZ-ONG-#######", legalForm: "ONG" },
  { code: "IT", language: "it", cities: ["Roma", "Milano", "Napoli", "Torino", "Bologna"], registrationFormat: "IT-RUNTS-######", legalForm: "ETS" },
  { code: "PL", language: "pl", cities: ["Kraków", "Warszawa", "Łódź", "Gdańsk", "Wrocław"], registrationFormat: "PL-KRS-##########", legalForm: "OPP" },
];

/** Fills a registration format with digits and letters, e.g. "GB-CR-#######" → "GB-CR-4093817". */
export function fillRegistrationFormat(format: string, digit: () => number, letter: () => string): string {
  return format.replace(/[#@]/g, (c) => (c === "#" ? String(digit()) : letter()));
}
