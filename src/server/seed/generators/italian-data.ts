/** Italian places, names and words the generators draw from (real cities, provinces, CAP and cadastral codes). */

export interface City {
  name: string;
  province: string;
  zipCode: string;
  /** Cadastral (Belfiore) code, for the birth place in a fiscal code. */
  cadastralCode: string;
  /** Telephone area code. */
  areaCode: string;
  latitude: number;
  longitude: number;
  /** Relative size: big cities host more customers. */
  weight: number;
}

const c = (name: string, province: string, zipCode: string, cadastralCode: string, areaCode: string, latitude: number, longitude: number, weight = 1): City => ({
  name, province, zipCode, cadastralCode, areaCode, latitude, longitude, weight,
});

export const cities: readonly City[] = [
  c('Milano', 'MI', '20121', 'F205', '02', 45.4642, 9.19, 14),
  c('Sesto San Giovanni', 'MI', '20099', 'I690', '02', 45.5347, 9.2306, 2),
  c('Cinisello Balsamo', 'MI', '20092', 'C707', '02', 45.5578, 9.2147, 2),
  c('Legnano', 'MI', '20025', 'E514', '0331', 45.5957, 8.9143, 2),
  c('Rho', 'MI', '20017', 'H264', '02', 45.5281, 9.0406, 2),
  c('Monza', 'MB', '20900', 'F704', '039', 45.5845, 9.2744, 4),
  c('Varese', 'VA', '21100', 'L682', '0332', 45.8206, 8.8251, 3),
  c('Busto Arsizio', 'VA', '21052', 'B300', '0331', 45.6119, 8.8497, 2),
  c('Gallarate', 'VA', '21013', 'D869', '0331', 45.6603, 8.7917, 2),
  c('Como', 'CO', '22100', 'C933', '031', 45.8081, 9.0852, 3),
  c('Lecco', 'LC', '23900', 'E507', '0341', 45.8566, 9.3977, 2),
  c('Bergamo', 'BG', '24121', 'A794', '035', 45.6983, 9.6773, 4),
  c('Brescia', 'BS', '25121', 'B157', '030', 45.5416, 10.2118, 5),
  c('Lumezzane', 'BS', '25065', 'E738', '030', 45.6478, 10.2644, 1),
  c('Pavia', 'PV', '27100', 'G388', '0382', 45.1847, 9.1582, 2),
  c('Cremona', 'CR', '26100', 'D150', '0372', 45.1332, 10.0227, 2),
  c('Mantova', 'MN', '46100', 'E897', '0376', 45.1564, 10.7914, 2),
  c('Lodi', 'LO', '26900', 'E648', '0371', 45.3097, 9.5037, 1),
  c('Torino', 'TO', '10121', 'L219', '011', 45.0703, 7.6869, 9),
  c('Moncalieri', 'TO', '10024', 'F335', '011', 44.9997, 7.6825, 2),
  c('Rivoli', 'TO', '10098', 'H355', '011', 45.0707, 7.5125, 1),
  c('Ivrea', 'TO', '10015', 'E379', '0125', 45.4666, 7.8763, 1),
  c('Novara', 'NO', '28100', 'F952', '0321', 45.4469, 8.6222, 2),
  c('Alessandria', 'AL', '15121', 'A182', '0131', 44.9133, 8.6153, 2),
  c('Asti', 'AT', '14100', 'A479', '0141', 44.9, 8.2065, 1),
  c('Cuneo', 'CN', '12100', 'D205', '0171', 44.3845, 7.5427, 2),
  c('Biella', 'BI', '13900', 'A859', '015', 45.5629, 8.0583, 1),
  c('Vercelli', 'VC', '13100', 'L750', '0161', 45.3202, 8.4185, 1),
  c('Aosta', 'AO', '11100', 'A326', '0165', 45.7372, 7.3206, 1),
  c('Genova', 'GE', '16121', 'D969', '010', 44.4056, 8.9463, 5),
  c('Savona', 'SV', '17100', 'I480', '019', 44.3091, 8.4772, 1),
  c('La Spezia', 'SP', '19121', 'E463', '0187', 44.1025, 9.8241, 1),
  c('Imperia', 'IM', '18100', 'E290', '0183', 43.8896, 8.0397, 1),
  c('Venezia', 'VE', '30121', 'L736', '041', 45.4408, 12.3155, 4),
  c('Padova', 'PD', '35121', 'G224', '049', 45.4064, 11.8768, 4),
  c('Verona', 'VR', '37121', 'L781', '045', 45.4384, 10.9916, 4),
  c('Vicenza', 'VI', '36100', 'L840', '0444', 45.5455, 11.5354, 3),
  c('Bassano del Grappa', 'VI', '36061', 'A703', '0424', 45.7656, 11.7345, 1),
  c('Schio', 'VI', '36015', 'I531', '0445', 45.7137, 11.3583, 1),
  c('Treviso', 'TV', '31100', 'L407', '0422', 45.6669, 12.243, 3),
  c('Castelfranco Veneto', 'TV', '31033', 'C111', '0423', 45.6718, 11.9274, 1),
  c('Rovigo', 'RO', '45100', 'H620', '0425', 45.0698, 11.7902, 1),
  c('Belluno', 'BL', '32100', 'A757', '0437', 46.1428, 12.2167, 1),
  c('Udine', 'UD', '33100', 'L483', '0432', 46.0711, 13.2346, 2),
  c('Pordenone', 'PN', '33170', 'G888', '0434', 45.9564, 12.6615, 2),
  c('Trieste', 'TS', '34121', 'L424', '040', 45.6495, 13.7768, 2),
  c('Gorizia', 'GO', '34170', 'E098', '0481', 45.9409, 13.6217, 1),
  c('Trento', 'TN', '38122', 'L378', '0461', 46.0748, 11.1217, 2),
  c('Bolzano', 'BZ', '39100', 'A952', '0471', 46.4983, 11.3548, 2),
  c('Bologna', 'BO', '40121', 'A944', '051', 44.4949, 11.3426, 6),
  c('Imola', 'BO', '40026', 'E289', '0542', 44.3533, 11.7142, 1),
  c('Modena', 'MO', '41121', 'F257', '059', 44.6471, 10.9252, 3),
  c('Carpi', 'MO', '41012', 'B819', '059', 44.7833, 10.885, 1),
  c('Sassuolo', 'MO', '41049', 'I462', '0536', 44.5432, 10.7847, 1),
  c('Reggio Emilia', 'RE', '42121', 'H223', '0522', 44.6989, 10.6297, 3),
  c('Parma', 'PR', '43121', 'G337', '0521', 44.8015, 10.3279, 3),
  c('Piacenza', 'PC', '29121', 'G535', '0523', 45.0526, 9.693, 2),
  c('Ferrara', 'FE', '44121', 'D548', '0532', 44.8381, 11.6198, 2),
  c('Ravenna', 'RA', '48121', 'H199', '0544', 44.4184, 12.2035, 2),
  c('Forlì', 'FC', '47121', 'D704', '0543', 44.2227, 12.0407, 2),
  c('Rimini', 'RN', '47921', 'H294', '0541', 44.0678, 12.5695, 2),
  c('Ancona', 'AN', '60121', 'A271', '071', 43.6158, 13.5189, 2),
  c('Pesaro', 'PU', '61121', 'G479', '0721', 43.9098, 12.9131, 2),
  c('Macerata', 'MC', '62100', 'E783', '0733', 43.3007, 13.4532, 1),
  c('Fermo', 'FM', '63900', 'D542', '0734', 43.1606, 13.7181, 1),
  c('Ascoli Piceno', 'AP', '63100', 'A462', '0736', 42.8536, 13.575, 1),
  c('Firenze', 'FI', '50123', 'D612', '055', 43.7696, 11.2558, 6),
  c('Sesto Fiorentino', 'FI', '50019', 'I684', '055', 43.8319, 11.1992, 1),
  c('Empoli', 'FI', '50053', 'D403', '0571', 43.7187, 10.9464, 1),
  c('Prato', 'PO', '59100', 'G999', '0574', 43.8777, 11.1022, 3),
  c('Pistoia', 'PT', '51100', 'G713', '0573', 43.9303, 10.9078, 1),
  c('Pisa', 'PI', '56121', 'G702', '050', 43.7228, 10.4017, 2),
  c('Livorno', 'LI', '57121', 'E625', '0586', 43.5485, 10.3106, 2),
  c('Lucca', 'LU', '55100', 'E715', '0583', 43.8429, 10.5027, 2),
  c('Siena', 'SI', '53100', 'I726', '0577', 43.3188, 11.3308, 1),
  c('Arezzo', 'AR', '52100', 'A390', '0575', 43.4633, 11.8796, 2),
  c('Grosseto', 'GR', '58100', 'E202', '0564', 42.7635, 11.1124, 1),
  c('Massa', 'MS', '54100', 'F023', '0585', 44.0354, 10.1393, 1),
  c('Perugia', 'PG', '06121', 'G478', '075', 43.1107, 12.3908, 2),
  c('Terni', 'TR', '05100', 'L117', '0744', 42.5636, 12.6427, 1),
  c('Roma', 'RM', '00184', 'H501', '06', 41.9028, 12.4964, 12),
  c('Pomezia', 'RM', '00071', 'G811', '06', 41.6693, 12.5013, 2),
  c('Fiumicino', 'RM', '00054', 'M297', '06', 41.7711, 12.2278, 1),
  c('Latina', 'LT', '04100', 'E472', '0773', 41.4676, 12.9037, 2),
  c('Frosinone', 'FR', '03100', 'D810', '0775', 41.6396, 13.3426, 1),
  c('Viterbo', 'VT', '01100', 'M082', '0761', 42.4207, 12.1077, 1),
  c('Rieti', 'RI', '02100', 'H282', '0746', 42.4048, 12.8622, 1),
  c('Napoli', 'NA', '80133', 'F839', '081', 40.8518, 14.2681, 8),
  c('Pozzuoli', 'NA', '80078', 'G964', '081', 40.8233, 14.1223, 1),
  c('Torre del Greco', 'NA', '80059', 'L259', '081', 40.7861, 14.3679, 1),
  c('Salerno', 'SA', '84121', 'H703', '089', 40.6824, 14.7681, 3),
  c('Caserta', 'CE', '81100', 'B963', '0823', 41.0748, 14.3323, 2),
  c('Avellino', 'AV', '83100', 'A509', '0825', 40.9146, 14.7906, 1),
  c('Benevento', 'BN', '82100', 'A783', '0824', 41.1298, 14.7826, 1),
  c('Bari', 'BA', '70121', 'A662', '080', 41.1171, 16.8719, 5),
  c('Taranto', 'TA', '74121', 'L049', '099', 40.4644, 17.247, 2),
  c('Lecce', 'LE', '73100', 'E506', '0832', 40.3515, 18.175, 2),
  c('Brindisi', 'BR', '72100', 'B180', '0831', 40.6327, 17.9418, 1),
  c('Foggia', 'FG', '71121', 'D643', '0881', 41.4622, 15.5446, 2),
  c('Barletta', 'BT', '76121', 'A669', '0883', 41.3196, 16.2829, 1),
  c('Pescara', 'PE', '65121', 'G482', '085', 42.4618, 14.2161, 2),
  c('L’Aquila', 'AQ', '67100', 'A345', '0862', 42.3498, 13.3995, 1),
  c('Chieti', 'CH', '66100', 'C632', '0871', 42.3511, 14.1675, 1),
  c('Teramo', 'TE', '64100', 'L103', '0861', 42.6589, 13.7044, 1),
  c('Campobasso', 'CB', '86100', 'B519', '0874', 41.5603, 14.6627, 1),
  c('Potenza', 'PZ', '85100', 'G942', '0971', 40.6404, 15.8056, 1),
  c('Matera', 'MT', '75100', 'F052', '0835', 40.6664, 16.6043, 1),
  c('Cosenza', 'CS', '87100', 'D086', '0984', 39.2983, 16.2538, 1),
  c('Catanzaro', 'CZ', '88100', 'C352', '0961', 38.9098, 16.5877, 1),
  c('Reggio Calabria', 'RC', '89121', 'H224', '0965', 38.1112, 15.6473, 2),
  c('Palermo', 'PA', '90133', 'G273', '091', 38.1157, 13.3615, 5),
  c('Catania', 'CT', '95121', 'C351', '095', 37.5079, 15.083, 4),
  c('Messina', 'ME', '98121', 'F158', '090', 38.1938, 15.554, 2),
  c('Siracusa', 'SR', '96100', 'I754', '0931', 37.0755, 15.2866, 1),
  c('Ragusa', 'RG', '97100', 'H163', '0932', 36.9269, 14.7255, 1),
  c('Cagliari', 'CA', '09121', 'B354', '070', 39.2238, 9.1217, 3),
  c('Sassari', 'SS', '07100', 'I452', '079', 40.7259, 8.5557, 2),
];

/** Sales areas by province (every province of `cities` belongs to exactly one). */
export const commercialZoneDefinitions: readonly { code: string; name: string; provinces: string[]; description: string }[] = [
  { code: 'LOM-O', name: 'Lombardia Ovest', provinces: ['MI', 'MB', 'VA', 'CO', 'LC', 'PV', 'LO'], description: 'Milano, Brianza e province occidentali lombarde' },
  { code: 'LOM-E', name: 'Lombardia Est', provinces: ['BG', 'BS', 'CR', 'MN'], description: 'Bergamo, Brescia, Cremona e Mantova' },
  { code: 'PIE', name: 'Piemonte e Valle d’Aosta', provinces: ['TO', 'NO', 'AL', 'AT', 'CN', 'BI', 'VC', 'AO'], description: 'Torino e il Piemonte, con la Valle d’Aosta' },
  { code: 'LIG', name: 'Liguria', provinces: ['GE', 'SV', 'SP', 'IM'], description: 'Riviera di Ponente e di Levante' },
  { code: 'VEN', name: 'Veneto', provinces: ['VE', 'PD', 'VR', 'VI', 'TV', 'RO', 'BL'], description: 'Tutte le province venete' },
  { code: 'NE', name: 'Friuli e Trentino-Alto Adige', provinces: ['UD', 'PN', 'TS', 'GO', 'TN', 'BZ'], description: 'Nord-Est alpino e giuliano' },
  { code: 'EMI', name: 'Emilia', provinces: ['BO', 'MO', 'RE', 'PR', 'PC', 'FE'], description: 'Da Piacenza a Bologna e Ferrara' },
  { code: 'ROM-MAR', name: 'Romagna e Marche', provinces: ['RA', 'FC', 'RN', 'AN', 'PU', 'MC', 'FM', 'AP'], description: 'Costa adriatica centrale' },
  { code: 'TOS-UMB', name: 'Toscana e Umbria', provinces: ['FI', 'PO', 'PT', 'PI', 'LI', 'LU', 'SI', 'AR', 'GR', 'MS', 'PG', 'TR'], description: 'Toscana e Umbria' },
  { code: 'LAZ', name: 'Lazio e Abruzzo', provinces: ['RM', 'LT', 'FR', 'VT', 'RI', 'PE', 'AQ', 'CH', 'TE', 'CB'], description: 'Roma, Lazio, Abruzzo e Molise' },
  { code: 'SUD', name: 'Campania, Puglia e Calabria', provinces: ['NA', 'SA', 'CE', 'AV', 'BN', 'BA', 'TA', 'LE', 'BR', 'FG', 'BT', 'PZ', 'MT', 'CS', 'CZ', 'RC'], description: 'Mezzogiorno continentale' },
  { code: 'ISO', name: 'Sicilia e Sardegna', provinces: ['PA', 'CT', 'ME', 'SR', 'RG', 'CA', 'SS'], description: 'Le isole maggiori' },
];

/** Operating areas for planning technicians' work. */
export const operatingZoneDefinitions: readonly { code: string; name: string; provinces: string[] }[] = [
  { code: 'Z-MI', name: 'Milano e hinterland', provinces: ['MI', 'MB', 'LO'] },
  { code: 'Z-LN', name: 'Lombardia Nord', provinces: ['VA', 'CO', 'LC'] },
  { code: 'Z-LE', name: 'Lombardia Est', provinces: ['BG', 'BS', 'CR', 'MN', 'PV'] },
  { code: 'Z-NO', name: 'Nord-Ovest', provinces: ['TO', 'NO', 'AL', 'AT', 'CN', 'BI', 'VC', 'AO', 'GE', 'SV', 'SP', 'IM'] },
  { code: 'Z-NE', name: 'Nord-Est', provinces: ['VE', 'PD', 'VR', 'VI', 'TV', 'RO', 'BL', 'UD', 'PN', 'TS', 'GO', 'TN', 'BZ'] },
  { code: 'Z-EM', name: 'Emilia-Romagna', provinces: ['BO', 'MO', 'RE', 'PR', 'PC', 'FE', 'RA', 'FC', 'RN'] },
  { code: 'Z-CE', name: 'Centro', provinces: ['FI', 'PO', 'PT', 'PI', 'LI', 'LU', 'SI', 'AR', 'GR', 'MS', 'PG', 'TR', 'AN', 'PU', 'MC', 'FM', 'AP'] },
  { code: 'Z-RM', name: 'Roma e Lazio', provinces: ['RM', 'LT', 'FR', 'VT', 'RI'] },
  { code: 'Z-SU', name: 'Sud', provinces: ['NA', 'SA', 'CE', 'AV', 'BN', 'BA', 'TA', 'LE', 'BR', 'FG', 'BT', 'PZ', 'MT', 'CS', 'CZ', 'RC', 'PE', 'AQ', 'CH', 'TE', 'CB'] },
  { code: 'Z-IS', name: 'Isole', provinces: ['PA', 'CT', 'ME', 'SR', 'RG', 'CA', 'SS'] },
];

export const maleFirstNames = [
  'Marco', 'Luca', 'Giuseppe', 'Francesco', 'Alessandro', 'Andrea', 'Matteo', 'Lorenzo', 'Davide', 'Simone',
  'Federico', 'Stefano', 'Paolo', 'Giovanni', 'Antonio', 'Roberto', 'Massimo', 'Fabio', 'Riccardo', 'Daniele',
  'Gabriele', 'Tommaso', 'Nicola', 'Alberto', 'Claudio', 'Enrico', 'Mario', 'Luigi', 'Pietro', 'Salvatore',
  'Vincenzo', 'Emanuele', 'Michele', 'Filippo', 'Giorgio', 'Sergio', 'Maurizio', 'Franco', 'Cristian', 'Diego',
  'Leonardo', 'Edoardo', 'Mattia', 'Niccolò', 'Carlo', 'Dario', 'Ivan', 'Walter', 'Alessio', 'Samuele',
] as const;

export const femaleFirstNames = [
  'Giulia', 'Francesca', 'Chiara', 'Sara', 'Martina', 'Valentina', 'Alessia', 'Federica', 'Elena', 'Silvia',
  'Laura', 'Paola', 'Anna', 'Maria', 'Roberta', 'Elisa', 'Giorgia', 'Sofia', 'Aurora', 'Alice',
  'Beatrice', 'Claudia', 'Cristina', 'Daniela', 'Monica', 'Barbara', 'Simona', 'Serena', 'Ilaria', 'Marta',
  'Veronica', 'Stefania', 'Michela', 'Lucia', 'Caterina', 'Irene', 'Noemi', 'Camilla', 'Arianna', 'Rebecca',
  'Greta', 'Eleonora', 'Margherita', 'Antonella', 'Patrizia', 'Rosa', 'Teresa', 'Nicoletta', 'Debora', 'Manuela',
] as const;

export const streets = [
  'Via Roma', 'Via Giuseppe Garibaldi', 'Corso Italia', 'Viale Europa', 'Via dell’Industria', 'Via dell’Artigianato',
  'Via Giuseppe Mazzini', 'Via Giuseppe Verdi', 'Piazza della Repubblica', 'Via Camillo Benso di Cavour', 'Via Giacomo Matteotti',
  'Via Antonio Gramsci', 'Via IV Novembre', 'Via XX Settembre', 'Via dei Mille', 'Via Guglielmo Marconi', 'Via Alessandro Volta',
  'Via Enrico Fermi', 'Via Leonardo da Vinci', 'Via delle Industrie', 'Via Galileo Galilei', 'Via Enrico Mattei', 'Via del Lavoro',
  'Via dell’Innovazione', 'Via Aldo Moro', 'Viale della Repubblica', 'Via Nazionale', 'Via Emilia', 'Via Vittorio Emanuele II',
  'Corso Vittorio Emanuele', 'Via San Francesco', 'Via Dante Alighieri', 'Via Alessandro Manzoni', 'Via Giacomo Leopardi',
  'Via della Tecnica', 'Via del Commercio', 'Via degli Artigiani', 'Via Borgo Palazzo', 'Via Toscana', 'Via Lombardia',
  'Via Piemonte', 'Via Veneto', 'Via Cesare Battisti', 'Via Nazario Sauro', 'Via Armando Diaz', 'Via Trieste', 'Via Trento',
  'Strada Statale 11', 'Via Provinciale', 'Via Luigi Einaudi',
] as const;

/** Business name parts: sector words and invented brand stems. */
export const sectorNames = [
  'Costruzioni', 'Impianti', 'Trasporti', 'Logistica', 'Meccanica', 'Carpenteria Metallica', 'Serramenti', 'Arredamenti',
  'Elettronica', 'Informatica', 'Alimentari', 'Tessile', 'Plastica', 'Imballaggi', 'Edilizia', 'Autoricambi', 'Ceramiche',
  'Verniciature', 'Termoidraulica', 'Consulenze', 'Servizi', 'Distribuzione', 'Forniture Industriali', 'Lavorazioni Meccaniche',
  'Stampaggio', 'Ingegneria', 'Ristorazione', 'Hotel', 'Farmaceutica', 'Cartotecnica',
] as const;

export const sectorPrefixes = [
  'Officine Meccaniche', 'Industria Dolciaria', 'Tipografia', 'Autofficina', 'Falegnameria', 'Panificio', 'Caseificio',
  'Fonderia', 'Cantina', 'Supermercati', 'Autotrasporti', 'Calzaturificio', 'Maglificio', 'Mobilificio', 'Laboratorio Analisi',
  'Studio Tecnico', 'Hotel', 'Ristorante', 'Casa di Cura', 'Scuola Paritaria',
] as const;

export const brandStems = ['Tecno', 'Edil', 'Metal', 'Elettro', 'Idro', 'Termo', 'Agri', 'Eco', 'Logi', 'Farma', 'Plast', 'Mecca', 'Auto', 'Inox', 'Sider', 'Chimi', 'Vetro', 'Legno', 'Carta', 'Alu'] as const;
export const brandEnds = ['nord', 'sud', 'center', 'service', 'tec', 'sistemi', 'italia', 'group', 'line', 'pack', 'form', 'lab', 'med', 'star', 'tech'] as const;

/** Legal forms with how common they are among customers. */
export const legalForms = { Srl: 45, Spa: 10, Srls: 10, Snc: 14, Sas: 12, 'Soc. Coop.': 6, 'Soc. Cons. a r.l.': 3 } as const;

export const referentRoles = [
  'Responsabile ufficio acquisti', 'Responsabile amministrativo', 'Titolare', 'RSPP interno', 'Responsabile di stabilimento',
  'Responsabile manutenzione', 'Responsabile qualità', 'Office manager', 'Direttore tecnico', 'Responsabile risorse umane',
] as const;

export const positionsInside = [
  'Piano terra – ingresso principale', 'Piano terra – reception', 'Primo piano – corridoio uffici', 'Magazzino – colonna 4',
  'Magazzino – uscita di sicurezza', 'Reparto produzione – linea 2', 'Locale caldaia', 'Cucina', 'Archivio', 'Scala B – pianerottolo',
  'Autorimessa interrata', 'Sala riunioni', 'Officina – banco 3', 'Cabina elettrica', 'Area carico e scarico', 'Mensa aziendale',
  'Secondo piano – vano scala', 'Locale server', 'Laboratorio', 'Piazzale esterno',
] as const;

/** What operators write when they close an activity. */
export const outcomeNotes = [
  'Controllo eseguito regolarmente, nessuna anomalia riscontrata.',
  'Verificata la pressione e l’integrità del sigillo; apposto il cartellino di controllo.',
  'Sostituito il sigillo di sicurezza, presidio conforme.',
  'Eseguita pulizia e lubrificazione delle parti in movimento.',
  'Controllo funzionale superato; aggiornato il registro antincendio.',
  'Il cliente ha richiesto di spostare il presidio vicino all’uscita di emergenza.',
  'Accesso difficoltoso per materiale accatastato: segnalato al referente.',
  'Prova di funzionamento superata, durata autonomia conforme.',
] as const;

/** What a technician writes of an anomaly found on fire protection or on machinery, by module. */
export const anomalyDescriptions = {
  fire: [
    'Manometro in zona rossa: estintore scarico.',
    'Sigillo di sicurezza mancante.',
    'Cartellonistica di segnalazione assente.',
    'Manichetta con tracce di usura e screpolature.',
    'Porta tagliafuoco che non si richiude completamente.',
    'Lampada di emergenza con batteria esaurita.',
    'Presidio ostruito da materiale stoccato.',
    'Cassetta idrante priva di lancia erogatrice.',
    'Rilevatore di fumo non risponde al test.',
  ],
  equip: [
    'Corrosione sul corpo del serbatoio.',
    'Catena di sollevamento con maglie deformate.',
    'Perdita d’olio dal circuito idraulico.',
    'Dispositivo di arresto di emergenza non funzionante.',
    'Libretto di uso e manutenzione non disponibile in loco.',
    'Protezione del carter rimossa.',
    'Cartellonistica di sicurezza assente.',
  ],
} as const;
