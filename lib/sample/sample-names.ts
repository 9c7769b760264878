// Name parts for fictional NGOs, per language, so names read like a real registry's: English
// names from adjective + landmark + focus + organisation type, the others from an organisation
// type and a cause or an evocative pair, in the language's own spelling.
import type { SectorId } from "@/lib/registry/sectors";
import type { NameLanguage } from "./sample-places";
import type { Random } from "./sample-random";

type LanguageParts = {
  orgs: readonly string[];
  pairs: readonly string[];
  causes: Readonly<Record<SectorId, readonly string[]>>;
};

const EN_ADJECTIVES = ["Blue", "Green", "Bright", "Open", "Silver", "Northern", "Southern", "Common", "Rising", "Golden", "Clear", "Steady", "Evergreen", "Morning"];
const EN_LANDMARKS = ["Delta", "Harbor", "Ridge", "Meadow", "River", "Lantern", "Bridge", "Horizon", "Compass", "Beacon", "Cedar", "Willow", "Summit", "Valley", "Orchard", "Keystone", "Wellspring", "Tide"];
const EN_ORGS = ["Trust", "Foundation", "Alliance", "Network", "Initiative", "Society", "Fund", "Collective", "Partnership"];
const EN_FOCUS: Readonly<Record<SectorId, readonly string[]>> = {
  health: ["Health", "Care", "Clinic", "Wellbeing"],
  education: ["Learning", "Literacy", "Schools", "Scholars"],
  environment: ["Climate", "Forests", "Conservation", "Habitat"],
  humanitarian: ["Relief", "Aid", "Emergency Response", "Shelter"],
  human_rights: ["Rights", "Justice", "Legal Aid", "Dignity"],
  animal_welfare: ["Animal Rescue", "Wildlife", "Sanctuary", "Animal Welfare"],
  arts_culture: ["Arts", "Heritage", "Music", "Theatre"],
  community_development: ["Community", "Neighbourhood", "Civic", "Housing"],
  poverty_relief: ["Food", "Livelihoods", "Hunger Relief", "Family Support"],
  water_sanitation: ["Water", "Clean Water", "Wells", "Sanitation"],
  children_youth: ["Youth", "Children's", "Young People's", "Kids"],
  research: ["Research", "Science", "Policy", "Open Data"],
};

const PARTS: Readonly<Record<Exclude<NameLanguage, "en">, LanguageParts>> = {
  fr: {
    orgs: ["Association", "Fondation", "Collectif", "Réseau"],
    pairs: ["Horizon Solidaire", "Main Tendue", "Pont Commun", "Racines et Avenir", "Terre Partagée", "Élan Citoyen"],
    causes: {
      health: ["pour la Santé de Tous"], education: ["pour l'Éducation de Base", "pour la Lecture"],
      environment: ["pour la Forêt Vivante", "pour le Climat"], humanitarian: ["d'Aide d'Urgence"],
      human_rights: ["pour les Droits Humains"], animal_welfare: ["de Protection Animale"],
      arts_culture: ["pour le Patrimoine Vivant"], community_development: ["de Développement Local"],
      poverty_relief: ["d'Entraide Économique"], water_sanitation: ["pour l'Eau Potable"],
      children_youth: ["pour l'Enfance", "Jeunesse d'Avenir"], research: ["de Recherche Solidaire"],
    },
  },
  es: {
    orgs: ["Asociación", "Fundación", "Red", "Colectivo", "Corporación"],
    pairs: ["Horizonte Verde", "Semilla Nueva", "Puente Solidario", "Raíces del Sur", "Camino Abierto", "Luz de Esperanza"],
    causes: {
      health: ["Salud para Todos", "Manos que Curan"], education: ["Aprender Juntos", "Letras del Barrio"],
      environment: ["Bosque Vivo", "Tierra Verde"], humanitarian: ["Ayuda Inmediata"],
      human_rights: ["Voz y Derecho", "Derechos en Acción"], animal_welfare: ["Huellas Amigas"],
      arts_culture: ["Arte del Pueblo", "Memoria Viva"], community_development: ["Barrio Unido"],
      poverty_relief: ["Pan Compartido"], water_sanitation: ["Agua Limpia", "Pozos de Vida"],
      children_youth: ["Niños del Sur", "Jóvenes en Marcha"], research: ["Ciencia Abierta"],
    },
  },
  pt: {
    orgs: ["Associação", "Fundação", "Instituto", "Rede", "Coletivo"],
    pairs: ["Horizonte Verde", "Raízes do Amanhã", "Ponte Solidária", "Semente Nova", "Luz do Sertão", "Caminho Comum"],
    causes: {
      health: ["Saúde em Casa"], education: ["Aprender Mais", "Letras da Comunidade"],
      environment: ["Mata Viva", "Rio Limpo"], humanitarian: ["Socorro Já"],
      human_rights: ["Direitos para Todos"], animal_welfare: ["Patas Amigas"],
      arts_culture: ["Cultura Viva"], community_development: ["Bairro Unido"],
      poverty_relief: ["Pão Partilhado"], water_sanitation: ["Água Boa"],
      children_youth: ["Crianças do Amanhã"], research: ["Ciência Cidadã"],
    },
  },
  de: {
    orgs: ["Stiftung", "Verein", "Hilfswerk", "Initiative", "Netzwerk"],
    pairs: ["Brückenschlag", "Weitblick", "Morgenrot", "Zusammenhalt", "Gemeinsam Stärker"],
    causes: {
      health: ["Gesundheit für Alle"], education: ["Lernen für Alle", "Bildung Weltweit"],
      environment: ["Grüne Zukunft", "Lebendiger Wald"], humanitarian: ["Nothilfe Jetzt"],
      human_rights: ["Recht und Würde"], animal_welfare: ["Pfotenhilfe", "Tierfreunde"],
      arts_culture: ["Kultur Erleben"], community_development: ["Gemeinsam Wohnen"],
      poverty_relief: ["Brot und Arbeit"], water_sanitation: ["Sauberes Wasser"],
      children_youth: ["Kinderzukunft", "Jugend Stärken"], research: ["Offene Wissenschaft"],
    },
  },
  it: {
    orgs: ["Associazione", "Fondazione", "Rete", "Cooperativa Sociale"],
    pairs: ["Orizzonte Verde", "Ponte Solidale", "Mano Tesa", "Radici Nuove", "Città Aperta"],
    causes: {
      health: ["Salute per Tutti"], education: ["Scuola Aperta"],
      environment: ["Terra Viva"], humanitarian: ["Aiuto Subito"],
      human_rights: ["Diritti in Comune"], animal_welfare: ["Zampe Amiche"],
      arts_culture: ["Teatro Aperto", "Memoria Viva"], community_development: ["Quartiere Insieme"],
      poverty_relief: ["Pane Condiviso"], water_sanitation: ["Acqua Pulita"],
      children_youth: ["Bambini Domani"], research: ["Scienza Aperta"],
    },
  },
  pl: {
    orgs: ["Fundacja", "Stowarzyszenie"],
    pairs: ["Światło Nadziei", "Nowy Horyzont", "Wspólna Droga", "Zielony Most"],
    causes: {
      health: ["Zdrowe Miasto"], education: ["Wiedza dla Wszystkich"],
      environment: ["Zielona Przyszłość"], humanitarian: ["Szybka Pomoc"],
      human_rights: ["Prawo i Godność"], animal_welfare: ["Przyjazne Łapy"],
      arts_culture: ["Żywa Kultura"], community_development: ["Dobre Sąsiedztwo"],
      poverty_relief: ["Wspólny Chleb"], water_sanitation: ["Czysta Woda"],
      children_youth: ["Dzieci Jutra"], research: ["Otwarta Nauka"],
    },
  },
};

export function sampleNgoName(random: Random, language: NameLanguage, sector: SectorId, city: string): string {
  if (language === "en") {
    const focus = random.pick(EN_FOCUS[sector]);
    const org = random.pick(EN_ORGS);
    switch (random.int(0, 3)) {
      case 0:
        return `${random.pick(EN_ADJECTIVES)} ${random.pick(EN_LANDMARKS)} ${focus} ${org}`;
      case 1:
        return `${random.pick(EN_LANDMARKS)} ${focus} ${org}`;
      case 2:
        return `${city} ${focus} ${org}`;
      default:
        return `${random.pick(EN_ADJECTIVES)} ${random.pick(EN_LANDMARKS)} ${org}`;
    }
  }
  const parts = PARTS[language];
  const tail = random.chance(0.7) ? random.pick(parts.causes[sector]) : random.pick(parts.pairs);
  return `${random.pick(parts.orgs)} ${tail}`;
}
