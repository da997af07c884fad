/**
 * The fixed demo users: one per kind of person who uses the product, with e-mails that never
 * change, so the README, the start-up banner and the embedded sign-in can list them.
 */
import { ADMIN_ROLE_NAME } from '../../../domain/rules/identity.ts';

export const DEMO_DOMAIN = 'demo.sicurezza.it';

/**
 * The password of every demo user on the embedded sign-in (README, start-up banner). Demo data
 * only: a real deployment creates its users and passwords, or signs in with an external issuer.
 */
export const DEMO_PASSWORD = 'Demo-2026!';

export interface DemoUser {
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
  userType: 'siv' | 'external' | 'customer';
  /** Who this user is and what they can try, in Italian. */
  description: string;
  roleName: string;
  isSalesman?: boolean;
  isMainteiner?: boolean;
  /** Customer users: which of the two demo customers (0 or 1) they belong to. */
  demoCustomer?: 0 | 1;
  /** Customer users: the customer's administrator, who invites its colleagues (issue 26 §9). */
  isCustomerAdmin?: boolean;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: `admin@${DEMO_DOMAIN}`,
    displayName: 'Amministratore di sistema',
    firstName: 'Amministratore',
    lastName: 'di sistema',
    userType: 'siv',
    description: 'Amministratore: vede e modifica tutto, gestisce utenti, ruoli e tabelle.',
    roleName: ADMIN_ROLE_NAME,
  },
  {
    email: `commerciale@${DEMO_DOMAIN}`,
    displayName: 'Marco Bianchi',
    firstName: 'Marco',
    lastName: 'Bianchi',
    userType: 'siv',
    description: 'Commerciale: clienti, preventivi e ordini; chiede l’approvazione degli sconti ed emette i preventivi.',
    roleName: 'Commerciale',
    isSalesman: true,
  },
  {
    email: `responsabile.commerciale@${DEMO_DOMAIN}`,
    displayName: 'Laura Ferri',
    firstName: 'Laura',
    lastName: 'Ferri',
    userType: 'siv',
    description: 'Responsabile commerciale: come il commerciale, in più approva gli sconti e vede i preventivi della sua area.',
    roleName: 'Responsabile commerciale',
    isSalesman: true,
  },
  {
    email: `manutentore@${DEMO_DOMAIN}`,
    displayName: 'Giuseppe Esposito',
    firstName: 'Giuseppe',
    lastName: 'Esposito',
    userType: 'siv',
    description: 'Manutentore: interventi assegnati, attrezzature, impianti, anomalie e verifiche.',
    roleName: 'Manutentore',
    isMainteiner: true,
  },
  {
    email: `pianificatore@${DEMO_DOMAIN}`,
    displayName: 'Chiara Colombo',
    firstName: 'Chiara',
    lastName: 'Colombo',
    userType: 'siv',
    description: 'Pianificatore: pianifica gli interventi sul calendario e consulta le scadenze.',
    roleName: 'Pianificatore',
  },
  {
    email: `operatore@${DEMO_DOMAIN}`,
    displayName: 'Paolo Greco',
    firstName: 'Paolo',
    lastName: 'Greco',
    userType: 'siv',
    description: 'Operatore di back-office: consulta quasi tutto e aggiorna le attività degli interventi.',
    roleName: 'Operatore',
  },
  {
    email: `esterno@${DEMO_DOMAIN}`,
    displayName: 'Davide Conti (tecnico esterno)',
    firstName: 'Davide',
    lastName: 'Conti',
    userType: 'external',
    description: 'Tecnico di una ditta esterna: consulta gli interventi, le loro attività e le attrezzature.',
    roleName: 'Esterno',
    isMainteiner: true,
  },
  {
    email: `cliente1@${DEMO_DOMAIN}`,
    displayName: 'Anna Marchetti',
    firstName: 'Anna',
    lastName: 'Marchetti',
    userType: 'customer',
    description: 'Utente di un’azienda cliente: vede solo il proprio cliente, le sue attrezzature, impianti, interventi e scadenze; ne è l’amministratore e invita i colleghi («Utenti» del portale).',
    roleName: 'Cliente',
    demoCustomer: 0,
    isCustomerAdmin: true,
  },
  {
    email: `cliente2@${DEMO_DOMAIN}`,
    displayName: 'Stefano Galli',
    firstName: 'Stefano',
    lastName: 'Galli',
    userType: 'customer',
    description: 'Utente di un secondo cliente, per verificare che i clienti non vedano i dati degli altri.',
    roleName: 'Cliente',
    demoCustomer: 1,
  },
];

/**
 * Modules the demo customer users may use: their field work, the training of their employees (courses,
 * certificates) and their health surveillance (the judgements and next visits, module med).
 */
export const DEMO_CUSTOMER_MODULES = ['fire', 'equip', 'edu', 'med'] as const;
