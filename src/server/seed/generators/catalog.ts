/**
 * The catalogue: suppliers, equipment types with their components and controls, the activities
 * performed on them, products and services with their suppliers, and price lists.
 */
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { uniqueVatNumber } from './codes.ts';
import { pickCity } from './people.ts';
import { stateOf, type ActivityInfo, type FamilyInfo, type ProductInfo } from './state.ts';
import { chance, code, int, landline, roundTo, slug, some } from './util.ts';
import { streets } from './italian-data.ts';
import { courseDefinitions } from './training.ts';
import {
  detectionRules, emergencyLightingRules, extinguisherRules, fireDoorRules, hydrantRules, type ExtinguishingAgent, type MaintenanceKind, type MaintenanceRule,
} from '../../../domain/rules/maintenance-rules.ts';

type Frequency = { value: number; unit: 'day' | 'week' | 'month' | 'year' };
const months = (value: number): Frequency => ({ value, unit: 'month' });
const years = (value: number): Frequency => ({ value, unit: 'year' });

interface ActivityDefinition {
  code: string;
  name: string;
  frequency?: Frequency;
  minutes: number;
  price: number;
  basis?: 'production' | 'installation' | 'lastExecution';
}

interface FamilyDefinition {
  code: string;
  name: string;
  module: 'fire' | 'equip';
  basis: 'production' | 'installation';
  /** The extinguishing agent the type implies (its equipments' deadlines depend on it). */
  agent?: ExtinguishingAgent;
  activities: ActivityDefinition[];
  components: { name: string; lifetimeMonths?: number }[];
  controls: { name: string; type: 'boolean' | 'number' | 'text'; min?: number; max?: number; unit?: string }[];
  /** Models sold: name and list price. */
  models: [string, number][];
  brands: string[];
}

/**
 * The maintenance rules in force (src/domain/rules/maintenance-rules.ts) on the demo types: each of
 * the type's activities executes the rules of its kind; what no activity executes stays on the type.
 */
const ofKind = (rules: readonly (MaintenanceRule & { source: string })[], kind: MaintenanceKind) => rules.filter((rule) => rule.kind === kind);
const extinguisherNorms = { type: ofKind(extinguisherRules, 'fineVita'), activities: [ofKind(extinguisherRules, 'controlloPeriodico'), ofKind(extinguisherRules, 'revisione'), ofKind(extinguisherRules, 'collaudo')] };
const hydrantNorms = { type: ofKind(hydrantRules, 'revisione'), activities: [ofKind(hydrantRules, 'controlloPeriodico'), ofKind(hydrantRules, 'collaudo')] };
const familyNorms: Record<string, { type?: readonly MaintenanceRule[]; activities: readonly (readonly MaintenanceRule[])[] }> = {
  'EST-POL': extinguisherNorms,
  'EST-CO2': extinguisherNorms,
  'EST-SCH': extinguisherNorms,
  // The wheeled extinguisher's collaudo is done by the workshop, not by one of its activities here.
  'EST-CAR': { type: [...ofKind(extinguisherRules, 'fineVita'), ...ofKind(extinguisherRules, 'collaudo')], activities: extinguisherNorms.activities.slice(0, 2) },
  'IDR-45': hydrantNorms,
  'IDR-70': hydrantNorms,
  NASPO: hydrantNorms,
  PTF: { activities: [fireDoorRules] },
  'LUC-EM': { activities: [ofKind(emergencyLightingRules, 'controlloPeriodico'), ofKind(emergencyLightingRules, 'revisione')] },
  'RIV-FUMO': { activities: [detectionRules] },
  PULS: { activities: [detectionRules] },
};

const fireBrands = ['Ignis', 'Flamex', 'Pyrostop', 'Securfire', 'Antifuoco Italia'];
const equipBrands = ['Elevatech', 'Solleva Italia', 'Meccanica Emiliana', 'Airmec', 'Carrelli Padani', 'Tecnogru'];

const semester = (name: string, price: number, minutes = 10): ActivityDefinition => ({ code: '', name, frequency: months(6), minutes, price, basis: 'lastExecution' });

const familyDefinitions: FamilyDefinition[] = [
  {
    code: 'EST-POL', name: 'Estintore a polvere', module: 'fire', basis: 'production', agent: 'powder',
    activities: [semester('Controllo semestrale estintore a polvere', 6), { code: '', name: 'Revisione estintore a polvere', frequency: months(60), minutes: 30, price: 18, basis: 'production' }, { code: '', name: 'Collaudo estintore a polvere', frequency: years(10), minutes: 40, price: 25, basis: 'production' }],
    components: [{ name: 'Manometro' }, { name: 'Valvola di erogazione' }, { name: 'Sigillo di sicurezza', lifetimeMonths: 6 }, { name: 'Tubo di scarica' }],
    controls: [{ name: 'Pressione indicata dal manometro', type: 'number', min: 12, max: 16, unit: 'bar' }, { name: 'Integrità del sigillo', type: 'boolean' }, { name: 'Cartellino di manutenzione presente', type: 'boolean' }],
    models: [['Estintore a polvere 1 kg 5A 21B C', 24], ['Estintore a polvere 2 kg 13A 89B C', 32], ['Estintore a polvere 6 kg 34A 233B C', 45], ['Estintore a polvere 9 kg 55A 233B C', 62], ['Estintore a polvere 12 kg 55A 233B C', 79]],
    brands: fireBrands,
  },
  {
    code: 'EST-CO2', name: 'Estintore a CO2', module: 'fire', basis: 'production', agent: 'co2',
    activities: [semester('Controllo semestrale estintore a CO2', 6), { code: '', name: 'Revisione estintore a CO2', frequency: months(60), minutes: 30, price: 28, basis: 'production' }, { code: '', name: 'Collaudo estintore a CO2', frequency: years(10), minutes: 40, price: 35, basis: 'production' }],
    components: [{ name: 'Bombola' }, { name: 'Cono diffusore' }, { name: 'Valvola a leva' }],
    controls: [{ name: 'Peso della bombola', type: 'number', min: 7.5, max: 8.5, unit: 'kg' }, { name: 'Integrità del sigillo', type: 'boolean' }, { name: 'Cartellino di manutenzione presente', type: 'boolean' }],
    models: [['Estintore a CO2 2 kg 34B', 68], ['Estintore a CO2 5 kg 113B', 110]],
    brands: fireBrands,
  },
  {
    code: 'EST-SCH', name: 'Estintore a schiuma', module: 'fire', basis: 'production', agent: 'water',
    activities: [semester('Controllo semestrale estintore a schiuma', 6), { code: '', name: 'Revisione estintore a schiuma', frequency: months(60), minutes: 30, price: 22, basis: 'production' }, { code: '', name: 'Collaudo estintore a schiuma', frequency: years(10), minutes: 40, price: 25, basis: 'production' }],
    components: [{ name: 'Manometro' }, { name: 'Cartuccia di schiumogeno', lifetimeMonths: 36 }, { name: 'Lancia' }],
    controls: [{ name: 'Pressione indicata dal manometro', type: 'number', min: 12, max: 16, unit: 'bar' }, { name: 'Integrità del sigillo', type: 'boolean' }, { name: 'Cartellino di manutenzione presente', type: 'boolean' }],
    models: [['Estintore a schiuma 6 l 27A 183B', 58], ['Estintore a schiuma 9 l 34A 233B', 74]],
    brands: fireBrands,
  },
  {
    code: 'EST-CAR', name: 'Estintore carrellato', module: 'fire', basis: 'production',
    activities: [semester('Controllo semestrale estintore carrellato', 12, 15), { code: '', name: 'Revisione estintore carrellato', frequency: months(60), minutes: 60, price: 65, basis: 'production' }],
    components: [{ name: 'Ruote' }, { name: 'Manichetta di erogazione' }, { name: 'Manometro' }],
    controls: [{ name: 'Pressione indicata dal manometro', type: 'number', min: 12, max: 16, unit: 'bar' }, { name: 'Ruote e carrello integri', type: 'boolean' }, { name: 'Cartellino di manutenzione presente', type: 'boolean' }],
    models: [['Estintore carrellato a polvere 30 kg', 290], ['Estintore carrellato a polvere 50 kg', 390], ['Estintore carrellato a CO2 18 kg', 520]],
    brands: fireBrands,
  },
  {
    code: 'IDR-45', name: 'Idrante a muro UNI 45', module: 'fire', basis: 'installation',
    activities: [semester('Controllo semestrale idrante UNI 45', 10, 15), { code: '', name: 'Prova idrostatica manichetta UNI 45', frequency: years(5), minutes: 30, price: 35 }],
    components: [{ name: 'Manichetta UNI 45 da 20 m', lifetimeMonths: 120 }, { name: 'Lancia erogatrice' }, { name: 'Valvola di intercettazione' }, { name: 'Lastra safe crash' }],
    controls: [{ name: 'Pressione statica', type: 'number', min: 2, max: 8, unit: 'bar' }, { name: 'Integrità della manichetta', type: 'boolean' }, { name: 'Cassetta integra e accessibile', type: 'boolean' }],
    models: [['Cassetta idrante UNI 45 completa da incasso', 180], ['Cassetta idrante UNI 45 completa da esterno', 165]],
    brands: fireBrands,
  },
  {
    code: 'IDR-70', name: 'Idrante UNI 70', module: 'fire', basis: 'installation',
    activities: [semester('Controllo semestrale idrante UNI 70', 14, 20), { code: '', name: 'Prova idrostatica manichetta UNI 70', frequency: years(5), minutes: 40, price: 45 }],
    components: [{ name: 'Manichetta UNI 70 da 20 m', lifetimeMonths: 120 }, { name: 'Lancia UNI 70' }, { name: 'Colonna soprasuolo' }],
    controls: [{ name: 'Pressione statica', type: 'number', min: 2, max: 8, unit: 'bar' }, { name: 'Integrità della manichetta', type: 'boolean' }, { name: 'Idrante accessibile e segnalato', type: 'boolean' }],
    models: [['Idrante soprasuolo UNI 70 a due bocche', 890], ['Cassetta idrante UNI 70 da esterno', 260]],
    brands: fireBrands,
  },
  {
    code: 'NASPO', name: 'Naspo antincendio', module: 'fire', basis: 'installation',
    activities: [semester('Controllo semestrale naspo', 12, 15), { code: '', name: 'Prova idrostatica tubazione del naspo', frequency: years(5), minutes: 40, price: 40 }],
    components: [{ name: 'Tubazione semirigida da 25 m' }, { name: 'Bobina orientabile' }, { name: 'Lancia a getto regolabile' }],
    controls: [{ name: 'Pressione statica', type: 'number', min: 2, max: 8, unit: 'bar' }, { name: 'Svolgimento regolare della tubazione', type: 'boolean' }, { name: 'Cassetta integra e accessibile', type: 'boolean' }],
    models: [['Naspo UNI 25 con tubazione 20 m', 420], ['Naspo UNI 25 con tubazione 30 m', 510]],
    brands: fireBrands,
  },
  {
    code: 'PTF', name: 'Porta tagliafuoco', module: 'fire', basis: 'installation',
    activities: [semester('Controllo semestrale porta tagliafuoco', 15, 20)],
    components: [{ name: 'Maniglione antipanico' }, { name: 'Chiudiporta' }, { name: 'Guarnizione termoespandente' }, { name: 'Elettromagnete di trattenuta' }],
    controls: [{ name: 'Chiusura completa della porta', type: 'boolean' }, { name: 'Maniglione antipanico funzionante', type: 'boolean' }, { name: 'Integrità delle guarnizioni', type: 'boolean' }],
    models: [['Porta tagliafuoco REI 60 a un’anta 900×2150', 480], ['Porta tagliafuoco REI 120 a due ante 1200×2150', 1150]],
    brands: ['Securdoor', 'Porte Sicure Venete', 'Blindotec'],
  },
  {
    code: 'LUC-EM', name: 'Lampada di emergenza', module: 'fire', basis: 'installation',
    activities: [semester('Controllo semestrale lampada di emergenza', 5, 5), { code: '', name: 'Prova di autonomia lampada di emergenza', frequency: years(1), minutes: 10, price: 7 }],
    components: [{ name: 'Batteria al litio', lifetimeMonths: 48 }, { name: 'Modulo LED' }, { name: 'Pittogramma di uscita' }],
    controls: [{ name: 'Autonomia misurata', type: 'number', min: 60, max: 180, unit: 'min' }, { name: 'Accensione al mancare della rete', type: 'boolean' }, { name: 'Pittogramma integro e leggibile', type: 'boolean' }],
    models: [['Lampada di emergenza LED 1 h non permanente', 38], ['Lampada di emergenza LED 3 h permanente', 64], ['Lampada di emergenza autotest con pittogramma', 92]],
    brands: ['Lumex', 'Emergenza Italia', 'Beghelux'],
  },
  {
    code: 'RIV-FUMO', name: 'Rivelatore di fumo', module: 'fire', basis: 'installation',
    activities: [semester('Controllo semestrale rivelatore di fumo', 4, 5)],
    components: [{ name: 'Base di montaggio' }, { name: 'Camera ottica' }, { name: 'Coperchio antipolvere' }],
    controls: [{ name: 'Risposta al test con fumo', type: 'boolean' }, { name: 'LED di stato regolare', type: 'boolean' }],
    models: [['Rivelatore ottico di fumo indirizzato', 48], ['Rivelatore termovelocimetrico', 42]],
    brands: ['Detecta', 'Securfire'],
  },
  {
    code: 'PULS', name: 'Pulsante di allarme manuale', module: 'fire', basis: 'installation',
    activities: [semester('Controllo semestrale pulsante di allarme', 3, 5)],
    components: [{ name: 'Vetrino frangibile' }, { name: 'Coperchio di protezione' }, { name: 'Morsettiera' }],
    controls: [{ name: 'Attivazione dell’allarme', type: 'boolean' }, { name: 'Cartello di segnalazione presente', type: 'boolean' }],
    models: [['Pulsante di allarme a rottura vetro', 29], ['Pulsante di allarme riarmabile', 36]],
    brands: ['Detecta', 'Securfire'],
  },
  {
    code: 'SPR-VAL', name: 'Stazione di controllo sprinkler', module: 'fire', basis: 'installation',
    activities: [semester('Controllo semestrale stazione sprinkler', 60, 60)],
    components: [{ name: 'Valvola di allarme' }, { name: 'Campana idraulica' }, { name: 'Pressostato' }],
    controls: [{ name: 'Pressione a monte della valvola', type: 'number', min: 4, max: 12, unit: 'bar' }, { name: 'Suono della campana idraulica', type: 'boolean' }],
    models: [['Stazione di controllo a umido DN 100', 1850], ['Stazione di controllo a secco DN 150', 2950]],
    brands: ['Sprinkitalia', 'Flamex'],
  },
  {
    code: 'EFC', name: 'Evacuatore di fumo e calore', module: 'fire', basis: 'installation',
    activities: [{ code: '', name: 'Controllo semestrale evacuatore di fumo e calore', frequency: months(6), minutes: 30, price: 45 }],
    components: [{ name: 'Attuatore pneumatico' }, { name: 'Fusibile termico', lifetimeMonths: 60 }, { name: 'Bombola di CO2 di azionamento' }],
    controls: [{ name: 'Apertura completa', type: 'boolean' }, { name: 'Note sullo stato della copertura', type: 'text' }],
    models: [['Evacuatore naturale di fumo e calore 1200×1200', 1650], ['Evacuatore naturale di fumo e calore 1500×2000', 2450]],
    brands: ['Aerotherm', 'Lucernari Italia'],
  },
  {
    code: 'CAR-EL', name: 'Carrello elevatore', module: 'equip', basis: 'production',
    activities: [{ code: '', name: 'Manutenzione programmata carrello elevatore', frequency: months(3), minutes: 90, price: 140 }, { code: '', name: 'Controllo annuale di catene e forche', frequency: years(1), minutes: 60, price: 95 }],
    components: [{ name: 'Forche' }, { name: 'Catena di sollevamento', lifetimeMonths: 60 }, { name: 'Batteria di trazione', lifetimeMonths: 72 }, { name: 'Pneumatici', lifetimeMonths: 36 }],
    controls: [{ name: 'Usura delle forche', type: 'number', min: 0, max: 10, unit: '%' }, { name: 'Funzionamento del freno di stazionamento', type: 'boolean' }, { name: 'Annotazioni sul circuito idraulico', type: 'text' }],
    models: [['Carrello elevatore elettrico 1,6 t', 24_500], ['Carrello elevatore diesel 2,5 t', 29_800], ['Carrello elevatore retrattile 1,4 t', 33_900]],
    brands: equipBrands,
  },
  {
    code: 'PLE', name: 'Piattaforma di lavoro elevabile', module: 'equip', basis: 'production',
    activities: [{ code: '', name: 'Verifica periodica annuale PLE', frequency: years(1), minutes: 120, price: 220 }, { code: '', name: 'Manutenzione trimestrale PLE', frequency: months(3), minutes: 90, price: 150 }],
    components: [{ name: 'Cestello' }, { name: 'Stabilizzatori' }, { name: 'Centralina idraulica' }],
    controls: [{ name: 'Funzionamento dell’arresto di emergenza', type: 'boolean' }, { name: 'Tenuta del circuito idraulico', type: 'boolean' }],
    models: [['Piattaforma a forbice 10 m elettrica', 28_000], ['Piattaforma articolata 16 m diesel', 62_000]],
    brands: equipBrands,
  },
  {
    code: 'GRU-PON', name: 'Gru a ponte', module: 'equip', basis: 'installation',
    activities: [{ code: '', name: 'Verifica trimestrale di funi e catene', frequency: months(3), minutes: 60, price: 110 }, { code: '', name: 'Verifica periodica biennale gru a ponte', frequency: years(2), minutes: 180, price: 380 }],
    components: [{ name: 'Fune di sollevamento', lifetimeMonths: 48 }, { name: 'Gancio con dispositivo di sicurezza' }, { name: 'Finecorsa' }],
    controls: [{ name: 'Stato della fune', type: 'text' }, { name: 'Intervento dei finecorsa', type: 'boolean' }],
    models: [['Gru a ponte monotrave 5 t', 38_000], ['Gru a ponte bitrave 10 t', 72_000]],
    brands: equipBrands,
  },
  {
    code: 'GRU-AUT', name: 'Gru su autocarro', module: 'equip', basis: 'production',
    activities: [{ code: '', name: 'Verifica trimestrale funi gru su autocarro', frequency: months(3), minutes: 60, price: 110 }, { code: '', name: 'Verifica periodica annuale gru su autocarro', frequency: years(1), minutes: 150, price: 290 }],
    components: [{ name: 'Braccio telescopico' }, { name: 'Stabilizzatori' }, { name: 'Radiocomando' }],
    controls: [{ name: 'Funzionamento del limitatore di carico', type: 'boolean' }, { name: 'Stato degli stabilizzatori', type: 'text' }],
    models: [['Gru su autocarro 12 t·m', 45_000], ['Gru su autocarro 25 t·m', 78_000]],
    brands: equipBrands,
  },
  {
    code: 'COMP', name: 'Compressore d’aria', module: 'equip', basis: 'installation',
    activities: [{ code: '', name: 'Manutenzione semestrale compressore', frequency: months(6), minutes: 90, price: 160 }],
    components: [{ name: 'Filtro aria', lifetimeMonths: 12 }, { name: 'Separatore olio', lifetimeMonths: 24 }, { name: 'Valvola di sicurezza' }],
    controls: [{ name: 'Pressione di taratura della valvola di sicurezza', type: 'number', min: 8, max: 13, unit: 'bar' }, { name: 'Assenza di perdite d’olio', type: 'boolean' }],
    models: [['Compressore a vite 7,5 kW', 6800], ['Compressore a pistoni 3 kW con serbatoio 270 l', 2300]],
    brands: equipBrands,
  },
  {
    code: 'SCAF', name: 'Scaffalatura industriale', module: 'equip', basis: 'installation',
    activities: [{ code: '', name: 'Ispezione annuale scaffalature (UNI EN 15635)', frequency: years(1), minutes: 120, price: 240 }],
    components: [{ name: 'Corrente portapallet' }, { name: 'Montante' }, { name: 'Paracolpi' }, { name: 'Piastra di base' }],
    controls: [{ name: 'Deformazione dei montanti entro i limiti', type: 'boolean' }, { name: 'Cartello di portata presente', type: 'boolean' }],
    models: [['Scaffalatura portapallet – campata 2700 mm', 1450], ['Scaffalatura cantilever – colonna bifronte', 2100]],
    brands: ['Scaffalature Lombarde', 'Metalsistem Nord'],
  },
  {
    code: 'TRANSP', name: 'Transpallet elettrico', module: 'equip', basis: 'production',
    activities: [{ code: '', name: 'Manutenzione annuale transpallet', frequency: years(1), minutes: 60, price: 90 }],
    components: [{ name: 'Batteria', lifetimeMonths: 48 }, { name: 'Ruote di carico', lifetimeMonths: 24 }, { name: 'Timone' }],
    controls: [{ name: 'Funzionamento del pulsante anti-schiacciamento', type: 'boolean' }, { name: 'Stato delle ruote', type: 'text' }],
    models: [['Transpallet elettrico 1,5 t', 3900], ['Transpallet elettrico con pedana 2 t', 5600]],
    brands: equipBrands,
  },
  {
    code: 'PARANCO', name: 'Paranco elettrico', module: 'equip', basis: 'installation',
    activities: [{ code: '', name: 'Verifica trimestrale paranco', frequency: months(3), minutes: 45, price: 80 }],
    components: [{ name: 'Catena di carico', lifetimeMonths: 60 }, { name: 'Freno elettromagnetico' }, { name: 'Pulsantiera pensile' }],
    controls: [{ name: 'Tenuta del freno sotto carico', type: 'boolean' }, { name: 'Allungamento della catena', type: 'number', min: 0, max: 5, unit: '%' }],
    models: [['Paranco elettrico a catena 1 t', 1900], ['Paranco elettrico a fune 3,2 t', 4600]],
    brands: equipBrands,
  },
  {
    code: 'REC-PRESS', name: 'Recipiente a pressione', module: 'equip', basis: 'installation',
    activities: [{ code: '', name: 'Verifica di funzionamento recipiente a pressione', frequency: years(2), minutes: 90, price: 180 }, { code: '', name: 'Verifica di integrità decennale', frequency: years(10), minutes: 240, price: 520 }],
    components: [{ name: 'Valvola di sicurezza' }, { name: 'Manometro' }, { name: 'Targa di immatricolazione' }],
    controls: [{ name: 'Pressione di esercizio', type: 'number', min: 6, max: 11, unit: 'bar' }, { name: 'Targa di immatricolazione leggibile', type: 'boolean' }],
    models: [['Serbatoio aria compressa 500 l', 950], ['Serbatoio aria compressa 1000 l', 1650]],
    brands: equipBrands,
  },
  {
    code: 'PORT-IND', name: 'Portone industriale', module: 'equip', basis: 'installation',
    activities: [{ code: '', name: 'Manutenzione semestrale portone industriale', frequency: months(6), minutes: 60, price: 110 }],
    components: [{ name: 'Motoriduttore' }, { name: 'Fotocellule' }, { name: 'Molle di bilanciamento', lifetimeMonths: 96 }],
    controls: [{ name: 'Inversione di marcia con ostacolo', type: 'boolean' }, { name: 'Funzionamento delle fotocellule', type: 'boolean' }],
    models: [['Portone sezionale motorizzato 4×4 m', 5400], ['Porta rapida a impacchettamento 3×3,5 m', 7800]],
    brands: ['Porte Sicure Venete', 'Chiusure Industriali'],
  },
  {
    code: 'MONTACAR', name: 'Montacarichi', module: 'equip', basis: 'installation',
    activities: [{ code: '', name: 'Verifica periodica biennale montacarichi', frequency: years(2), minutes: 150, price: 320 }, { code: '', name: 'Manutenzione semestrale montacarichi', frequency: months(6), minutes: 120, price: 210 }],
    components: [{ name: 'Funi di trazione', lifetimeMonths: 120 }, { name: 'Paracadute' }, { name: 'Quadro di manovra' }],
    controls: [{ name: 'Intervento del paracadute', type: 'boolean' }, { name: 'Note sul quadro di manovra', type: 'text' }],
    models: [['Montacarichi 1000 kg a due fermate', 24_000], ['Montacarichi 2000 kg a tre fermate', 39_000]],
    brands: ['Elevatori del Nord', 'Tecnogru'],
  },
  {
    code: 'TORNIO', name: 'Tornio a controllo numerico', module: 'equip', basis: 'installation',
    activities: [{ code: '', name: 'Manutenzione annuale macchina utensile', frequency: years(1), minutes: 180, price: 340 }],
    components: [{ name: 'Mandrino' }, { name: 'Protezioni mobili interbloccate' }, { name: 'Pulsante di arresto di emergenza' }],
    controls: [{ name: 'Interblocco delle protezioni', type: 'boolean' }, { name: 'Funzionamento dell’arresto di emergenza', type: 'boolean' }],
    models: [['Tornio CNC con barra 400 mm', 68_000], ['Centro di lavoro verticale 3 assi', 94_000]],
    brands: ['Macchine Utensili Emiliane', 'Meccanica Emiliana'],
  },
];

/** Activities on whole installations (no equipment type), and on people and documents. */
const otherActivities: (ActivityDefinition & { module: string; onInstallation: boolean })[] = [
  { code: 'IMP-SPR', name: 'Manutenzione semestrale impianto sprinkler', frequency: months(6), minutes: 240, price: 480, module: 'fire', onInstallation: true },
  { code: 'IMP-IDR', name: 'Manutenzione semestrale rete idranti', frequency: months(6), minutes: 180, price: 320, module: 'fire', onInstallation: true },
  { code: 'IMP-RIV', name: 'Manutenzione semestrale impianto di rivelazione incendi', frequency: months(6), minutes: 180, price: 350, module: 'fire', onInstallation: true },
  { code: 'IMP-EFC', name: 'Verifica annuale impianto di evacuazione fumo', frequency: years(1), minutes: 150, price: 300, module: 'fire', onInstallation: true },
  { code: 'IMP-POMPE', name: 'Prova semestrale gruppo di pompaggio antincendio', frequency: months(6), minutes: 120, price: 260, module: 'fire', onInstallation: true },
  { code: 'IMP-LUCI', name: 'Verifica impianto di illuminazione di emergenza', frequency: months(6), minutes: 120, price: 180, module: 'fire', onInstallation: true },
  { code: 'EDU-AULA', name: 'Erogazione corso in aula', minutes: 480, price: 600, module: 'edu', onInstallation: false },
  { code: 'EDU-PROVA', name: 'Prova pratica di spegnimento', minutes: 120, price: 250, module: 'edu', onInstallation: false },
  { code: 'EDU-EVAC', name: 'Esercitazione di evacuazione', frequency: years(1), minutes: 120, price: 280, module: 'edu', onInstallation: false },
  { code: 'MED-PER', name: 'Visita medica periodica', frequency: years(1), minutes: 20, price: 55, module: 'med', onInstallation: false },
  { code: 'MED-PRE', name: 'Visita medica preassuntiva', minutes: 30, price: 65, module: 'med', onInstallation: false },
  { code: 'MED-AUD', name: 'Esame audiometrico', frequency: years(1), minutes: 15, price: 30, module: 'med', onInstallation: false },
  { code: 'MED-SPI', name: 'Spirometria', frequency: years(1), minutes: 15, price: 30, module: 'med', onInstallation: false },
  { code: 'MED-SOP', name: 'Sopralluogo del medico competente', frequency: years(1), minutes: 120, price: 220, module: 'med', onInstallation: false },
  { code: 'DOC-DVR', name: 'Aggiornamento del documento di valutazione dei rischi', minutes: 960, price: 1200, module: 'doc', onInstallation: false },
  { code: 'DOC-PEE', name: 'Redazione del piano di emergenza ed evacuazione', minutes: 480, price: 650, module: 'doc', onInstallation: false },
  { code: 'DOC-RUM', name: 'Valutazione del rischio rumore', frequency: years(4), minutes: 360, price: 480, module: 'doc', onInstallation: false },
  { code: 'DOC-VIB', name: 'Valutazione del rischio vibrazioni', frequency: years(4), minutes: 360, price: 480, module: 'doc', onInstallation: false },
];

const spareParts: [string, number, string][] = [
  ['Manometro di ricambio per estintore', 9, 'fire'], ['Sigillo di sicurezza (confezione da 100)', 14, 'fire'], ['Cartello segnaletico estintore in alluminio', 6, 'fire'],
  ['Cartello segnaletico idrante', 6, 'fire'], ['Manichetta UNI 45 da 20 m', 58, 'fire'], ['Lancia UNI 45 a getto regolabile', 42, 'fire'],
  ['Lastra safe crash per cassetta idrante', 12, 'fire'], ['Batteria di ricambio per lampada di emergenza', 18, 'fire'], ['Piantana per estintore', 24, 'fire'],
  ['Cassetta di contenimento per estintore', 55, 'fire'], ['Registro dei controlli antincendio', 15, 'fire'], ['Chiudiporta aereo per porta tagliafuoco', 95, 'fire'],
  ['Maniglione antipanico a barra', 120, 'fire'], ['Coperta antifiamma 1,2×1,8 m', 22, 'fire'], ['Cassetta di primo soccorso allegato 1', 68, 'doc'],
  ['Cassetta di primo soccorso allegato 2', 39, 'doc'], ['Defibrillatore semiautomatico (DAE)', 1250, 'edu'], ['Catena di sollevamento grado 8 (al metro)', 28, 'equip'],
  ['Gancio con chiusura di sicurezza', 45, 'equip'], ['Filtro aria per compressore', 36, 'equip'], ['Kit guarnizioni circuito idraulico', 64, 'equip'],
  ['Batteria di trazione 48 V', 3900, 'equip'], ['Pneumatico superelastico per carrello', 190, 'equip'], ['Fotocellula di sicurezza per portone', 75, 'equip'],
];

const extraServices: [string, string, number, string][] = [
  ['Sopralluogo tecnico', 'each', 90, 'fire'], ['Diritto di chiamata', 'each', 45, 'fire'], ['Ora di manodopera tecnico', 'hourly', 38, 'fire'],
  ['Trasferta (al chilometro)', 'km', 0.6, 'fire'], ['Smaltimento estintore esausto', 'each', 12, 'fire'], ['Noleggio estintore (canone annuo)', 'annual', 18, 'fire'],
  ['Consulenza RSPP esterno (canone annuo)', 'annual', 1800, 'doc'], ['Nomina medico competente (canone annuo)', 'annual', 450, 'med'],
  ['Ora di consulenza in materia di sicurezza', 'hourly', 70, 'doc'], ['Ora di manodopera meccanico', 'hourly', 45, 'equip'],
];

const supplierNames = [
  'Antincendio Forniture', 'Estintori Italia', 'Securfire Distribuzione', 'Idranti e Raccordi', 'Porte REI Nord', 'Segnaletica Sicura',
  'Lumex Illuminazione', 'Detecta Sistemi', 'Sprinkitalia', 'Aerotherm Impianti', 'Elevatech Italia', 'Solleva Italia', 'Carrelli Padani',
  'Airmec Compressori', 'Tecnogru', 'Scaffalature Lombarde', 'Metalsistem Nord', 'Ricambi Industriali Emiliani', 'Catene e Funi Bresciane',
  'Chiusure Industriali', 'Elevatori del Nord', 'Macchine Utensili Emiliane', 'DPI Sicurezza', 'Formazione Partner', 'Medicina del Lavoro Associati',
  'Laboratorio Analisi Ambientali', 'Consulenze Tecniche Integrate', 'Trasporti Speciali', 'Smaltimenti Ecologici', 'Batterie Industriali',
  'Guarnizioni Tecniche', 'Raccorderia Veneta', 'Elettroforniture Centro', 'Ferramenta Industriale Sud', 'Pneumatici Industriali',
  'Blindotec Porte', 'Porte Sicure Venete', 'Beghelux Distribuzione', 'Emergenza Italia', 'Cartellonistica Toscana', 'Flamex Italia',
  'Pyrostop Sud', 'Ignis Estintori', 'Antifuoco Italia', 'Lucernari Italia', 'Idraulica Industriale', 'Meccanica Emiliana Ricambi',
  'Officina Revisioni Estintori', 'Collaudi Bombole Nord', 'Ricariche CO2 Centro', 'Servizi Ecologici Adriatici', 'Sistemi di Allarme Liguri',
  'Impianti Sprinkler Sud', 'Verifiche Periodiche Associate', 'Organismo di Ispezione Nord', 'Ambiente e Sicurezza Consulting',
  'Corsi e Formazione Toscana', 'Centro Medico Lavoro Roma', 'Dispositivi Anticaduta Italia', 'Logistica Ricambi Veloce',
];

export async function seedCatalog(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);

  // Suppliers.
  const vatTaken = new Set<string>();
  const supplierItems: SeedItem[] = supplierNames.map((name, index) => {
    const city = pickCity(ctx);
    const road = ctx.pick(streets);
    const houseNumber = String(int(ctx, 1, 150));
    const form = ctx.pick(['Srl', 'Spa', 'Srl', 'Snc']);
    const domain = `${slug(name)}.it`;
    return {
      createdDateTime: ctx.dateTime(-int(ctx, 300, 1500)),
      attributes: {
        businessName: `${name} ${form}`,
        vatNumber: uniqueVatNumber(ctx, vatTaken),
        email: `ordini@${domain}`,
        emailPec: `${slug(name)}@pec.it`,
        phone: landline(ctx, city.areaCode),
        website: `https://www.${domain}`,
        address: { address: `${road} ${houseNumber}`, road, houseNumber, zipCode: city.zipCode, city: city.name, province: city.province, erpCountryCode: 86 },
        erpCode: code('F', index + 1, 5),
        notes: chance(ctx, 0.2) ? 'Consegna in 48 ore per ordini effettuati entro le 12.' : undefined,
        isActive: index % 12 !== 11,
      },
      relationships: { paymentTermId: ctx.pick(state.paymentTermIds) },
    };
  });
  state.supplierIds = await ctx.insert('suppliers', supplierItems);

  // Equipment types, with the ids of their activities chosen first (the type lists its default activities).
  const familyIds = familyDefinitions.map(() => ctx.uuid());
  const activityInfos: ActivityInfo[] = [];
  const activityItems: SeedItem[] = [];
  // Every activity is also sold as a service product; its id is chosen now so the activity can name it.
  const serviceProductIdByActivity = new Map<string, string>();
  const addActivity = (definition: ActivityDefinition, module: string, familyIndex: number, onInstallation: boolean, activityCode: string, maintenanceRules: readonly MaintenanceRule[] = []) => {
    const id = ctx.uuid();
    const productId = ctx.uuid();
    serviceProductIdByActivity.set(id, productId);
    activityInfos.push({ id, code: activityCode, name: definition.name, module, frequency: definition.frequency, durationMinutes: definition.minutes, price: definition.price, familyIndex, onInstallation });
    activityItems.push({
      id,
      attributes: {
        code: activityCode, name: definition.name, module, frequency: definition.frequency, expiryBasis: definition.basis ?? 'lastExecution',
        durationMinutes: definition.minutes, price: definition.price, isActive: true, maintenanceRules,
        description: `${definition.name}${definition.frequency ? ` con cadenza ${frequencyText(definition.frequency)}` : ''}, secondo la normativa vigente.`,
      },
      relationships: { equipmentFamilyId: familyIndex >= 0 ? familyIds[familyIndex] : null, productId },
    });
    return id;
  };
  state.families = familyDefinitions.map((family, familyIndex): FamilyInfo => ({
    id: familyIds[familyIndex] as string,
    code: family.code,
    name: family.name,
    module: family.module,
    activityIds: family.activities.map((activity, n) => addActivity(activity, family.module, familyIndex, false, `${family.code}-A${n + 1}`, familyNorms[family.code]?.activities[n])),
    basis: family.basis,
    productIds: [],
    controls: [],
  }));
  for (const activity of otherActivities) addActivity(activity, activity.module, -1, activity.onInstallation, activity.code);
  state.activities = activityInfos;
  // What the deadline engine reads for each type: its own rules and its activities' (each with the activity executing it).
  for (const [index, family] of state.families.entries()) {
    const norms = familyNorms[family.code];
    family.maintenanceRules = [
      ...(norms?.type ?? []),
      ...(norms?.activities ?? []).flatMap((rules, n) => rules.map((rule) => ({ ...rule, activityId: state.families[index]!.activityIds[n] ?? null }))),
    ];
  }

  await ctx.insert('equipmentFamilies', familyDefinitions.map((family, index) => ({
    id: familyIds[index],
    attributes: { code: family.code, name: family.name, module: family.module, expiryBasis: family.basis, maintenanceRules: familyNorms[family.code]?.type ?? [], editionPolicy: 'productionDate', ...(family.agent ? { defaultAgent: family.agent } : {}), description: `${family.name}: attrezzature del modulo ${family.module === 'fire' ? 'antincendio' : 'attrezzature'}.` },
    relationships: { defaultActivityIds: state.families[index]!.activityIds },
  })));
  await ctx.insert('activities', activityItems);

  // Products: the models of each type from several brands, spare parts, and the services.
  const products: ProductInfo[] = [];
  const productItems: SeedItem[] = [];
  const activeSuppliers = state.supplierIds.filter((_, index) => index % 12 !== 11);
  const addProduct = (p: Omit<ProductInfo, 'defaultSupplierId' | 'id'> & { familyIndex: number; description?: string; supplierCount: number; id?: string }) => {
    const id = p.id ?? ctx.uuid();
    const suppliers = some(ctx, activeSuppliers, p.supplierCount).map((supplierId, n) => ({
      supplierId,
      supplierCode: `${p.code.replace(/-/g, '').slice(0, 8)}-${int(ctx, 100, 999)}`,
      costPrice: roundTo(p.costPrice * (n === 0 ? 1 : ctx.faker.number.float({ min: 0.95, max: 1.12 }))),
      isDefault: n === 0,
    }));
    const info: ProductInfo = { ...p, id, defaultSupplierId: suppliers[0]?.supplierId ?? null };
    products.push(info);
    productItems.push({
      id,
      createdDateTime: ctx.dateTime(-int(ctx, 100, 1400)),
      attributes: {
        code: p.code, name: p.name, description: p.description, type: p.type, unitOfMeasure: p.unitOfMeasure, listPrice: p.listPrice,
        costPrice: p.costPrice, module: p.module, isActive: chance(ctx, 0.95), suppliers,
      },
      relationships: { equipmentFamilyId: p.familyIndex >= 0 ? familyIds[p.familyIndex] : null, activityIds: p.activityIds },
    });
    if (p.familyIndex >= 0) state.families[p.familyIndex]!.productIds.push(id);
  };
  // Services first (they are fixed: one per activity and per course), then goods up to 300 products.
  for (const activity of activityInfos) {
    addProduct({
      id: serviceProductIdByActivity.get(activity.id), code: `SRV-${activity.code}`, name: activity.name, type: 'service', unitOfMeasure: 'each',
      listPrice: activity.price, costPrice: roundTo(activity.price * 0.55), module: activity.module, familyIndex: -1, activityIds: [activity.id],
      supplierCount: chance(ctx, 0.4) ? 1 : 0,
    });
  }
  const edu = activityInfos.find((a) => a.code === 'EDU-AULA');
  for (const course of courseDefinitions) {
    addProduct({
      code: `CRS-${course.code}`, name: `Corso: ${course.title}`, description: `Corso di ${course.hours} ore, prezzo per partecipante.`, type: 'service',
      unitOfMeasure: 'each', listPrice: course.price, costPrice: roundTo(course.price * 0.4), module: 'edu',
      familyIndex: -1, activityIds: edu ? [edu.id] : [], supplierCount: chance(ctx, 0.2) ? 1 : 0,
    });
  }
  extraServices.forEach(([name, unit, price, module], index) => {
    addProduct({ code: code('SRV', index + 1, 3), name, type: 'service', unitOfMeasure: unit, listPrice: price, costPrice: roundTo(price * 0.5), module, familyIndex: -1, activityIds: [], supplierCount: 0 });
  });
  spareParts.forEach(([name, price, module], index) => {
    addProduct({ code: code('RIC', index + 1, 3), name, type: 'physical', unitOfMeasure: 'each', listPrice: price, costPrice: roundTo(price * 0.55), module, familyIndex: -1, activityIds: [], supplierCount: int(ctx, 2, 4) });
  });
  // Interleaved by type, so every type has some models even though only part of the list fits in 300 products.
  const byFamily = familyDefinitions.map((family, familyIndex) => family.models.flatMap(([model, price], m) => family.brands.map((brand, b) => ({ family, familyIndex, model, price, brand, m, b }))));
  const longest = Math.max(...byFamily.map((list) => list.length));
  const models = Array.from({ length: longest }, (_, k) => byFamily.flatMap((list) => (list[k] ? [list[k]] : []))).flat();
  for (let n = 0; products.length < 300; n++) {
    const { family, familyIndex, model, price, brand, m, b } = models[n % models.length]!;
    const round = Math.floor(n / models.length);
    const listPrice = roundTo(price * (1 + b * 0.04 + round * 0.08));
    addProduct({
      code: `${family.code}-${m + 1}${String.fromCharCode(65 + b)}${round > 0 ? `-${round + 1}` : ''}`,
      name: `${model} – ${brand}${round > 0 ? ` (serie ${round + 1})` : ''}`,
      description: `${model}, marca ${brand}. Conforme alle norme vigenti, completo di documentazione.`,
      type: 'physical', unitOfMeasure: 'each', listPrice, costPrice: roundTo(listPrice * ctx.faker.number.float({ min: 0.45, max: 0.72 })),
      module: family.module, familyIndex, activityIds: family.activities.length > 0 ? [state.families[familyIndex]!.activityIds[0] as string] : [], supplierCount: int(ctx, 1, 4),
    });
  }
  // Each supplier's terms complete the product's suppliers list (the one truth); the supplier product
  // rows are that list written out, as the products hook writes them.
  const supplierProductItems: SeedItem[] = productItems.flatMap((item) =>
    (item.attributes.suppliers as { supplierId: string; supplierCode: string; costPrice: number; isDefault: boolean; leadTimeDays?: number; minimumOrderQuantity?: number }[]).map((offer) => {
      offer.leadTimeDays = int(ctx, 1, 30);
      offer.minimumOrderQuantity = ctx.pick([1, 1, 1, 5, 10]);
      const { supplierId, ...terms } = offer;
      return { attributes: terms, relationships: { supplierId, productId: item.id } };
    }),
  );
  await ctx.insert('products', productItems);
  state.products = products;
  const supplierProducts = await ctx.insert('supplierProducts', supplierProductItems);

  // Components and controls of each type.
  const componentItems: SeedItem[] = familyDefinitions.flatMap((family, familyIndex) =>
    family.components.map((component, n) => ({
      attributes: { code: `${family.code}-C${n + 1}`, name: component.name, lifetimeMonths: component.lifetimeMonths, isReplaceable: !/Bombola|Colonna|Braccio|Mandrino/.test(component.name) },
      relationships: { equipmentFamilyId: familyIds[familyIndex] },
    })),
  );
  const components = await ctx.insert('components', componentItems);
  const controlItems: SeedItem[] = [];
  familyDefinitions.forEach((family, familyIndex) => {
    family.controls.forEach((control, n) => {
      const id = ctx.uuid();
      const info = state.families[familyIndex]!;
      info.controls.push({ id, name: control.name, type: control.type, min: control.min, max: control.max });
      controlItems.push({
        id,
        attributes: {
          code: `${family.code}-K${n + 1}`, name: control.name, isMandatory: n === 0 || chance(ctx, 0.6), expectedResultType: control.type,
          minValue: control.min, maxValue: control.max, unit: control.unit,
        },
        relationships: { equipmentFamilyId: familyIds[familyIndex], activityId: n === 0 ? info.activityIds[0] : null },
      });
    });
  });
  const controls = await ctx.insert('controls', controlItems);

  // Price lists: the general ones, one per sales area, and some customers' own.
  const year = Number(ctx.referenceDay.slice(0, 4));
  const sellable = products.filter((p) => p.listPrice > 0);
  const priceItems = (share: number, discount: [number, number]) =>
    some(ctx, sellable, Math.round(sellable.length * share)).map((p) => {
      const percent = int(ctx, discount[0], discount[1]);
      return { productId: p.id, price: roundTo(p.listPrice * (1 - percent / 100)), discountPercent: chance(ctx, 0.3) ? percent : undefined };
    });
  const priceListItems: SeedItem[] = [
    { attributes: { code: `LG-${year}`, name: `Listino generale ${year}`, currency: 'EUR', validFrom: `${year}-01-01`, validTo: `${year}-12-31`, isDefault: true, items: sellable.map((p) => ({ productId: p.id, price: p.listPrice })) } },
    { isArchived: true, attributes: { code: `LG-${year - 1}`, name: `Listino generale ${year - 1}`, currency: 'EUR', isDefault: false, validFrom: `${year - 1}-01-01`, validTo: `${year - 1}-12-31`, items: sellable.map((p) => ({ productId: p.id, price: roundTo(p.listPrice * 0.96) })) } },
  ];
  const zoneIds = ctx.idsOf('commercialZones');
  zoneIds.forEach((zoneId, index) => {
    priceListItems.push({
      attributes: { code: code('LZ', index + 1, 2), name: `Listino di zona ${index + 1}`, currency: 'EUR', isDefault: false, description: 'Prezzi concordati per l’area commerciale', validFrom: `${year}-01-01`, validTo: `${year}-12-31`, items: priceItems(0.3, [2, 8]) },
      relationships: { commercialZoneId: zoneId },
    });
  });
  const offerCustomers = state.customers.filter((c) => c.type === 'active' && !c.isArchived);
  for (let n = 0; priceListItems.length < 40 && n < offerCustomers.length; n++) {
    const customer = offerCustomers[n]!;
    priceListItems.push({
      attributes: {
        code: code('LC', n + 1, 3), name: `Listino riservato – ${customer.displayName}`, currency: 'EUR', isDefault: false, validFrom: ctx.day(-int(ctx, 30, 300)), validTo: ctx.day(int(ctx, 30, 400)),
        items: priceItems(0.1, [5, 20]),
      },
      relationships: { customerId: customer.id, commercialZoneId: customer.commercialZoneId },
    });
  }
  state.priceListIds = await ctx.insert('priceLists', priceListItems);

  return {
    suppliers: state.supplierIds.length, equipmentFamilies: familyIds.length, activities: activityItems.length, products: productItems.length,
    supplierProducts: supplierProducts.length, components: components.length, controls: controls.length, priceLists: state.priceListIds.length,
  };
}

function frequencyText({ value, unit }: Frequency): string {
  const names = { day: ['giornaliera', 'giorni'], week: ['settimanale', 'settimane'], month: ['mensile', 'mesi'], year: ['annuale', 'anni'] } as const;
  if (value === 1) return names[unit][0];
  if (unit === 'month' && value === 6) return 'semestrale';
  if (unit === 'month' && value === 3) return 'trimestrale';
  if (unit === 'year' && value === 2) return 'biennale';
  return `ogni ${value} ${names[unit][1]}`;
}
