// Runs in: renderer. Spanish: Ajustes → AnkiConnect (minado desde Yomitan, asbplayer y mpvacious) y los medios minados.
import type { ankiconnect as en } from '../en/ankiconnect';
import type { Translation } from '../types';

export const ankiconnect: Translation<typeof en> = {
  'ankiconnect.title': 'AnkiConnect (Yomitan, asbplayer, mpvacious)',
  'ankiconnect.intro':
    'Las herramientas de minado que envían palabras a Anki pueden enviarlas a Lectio: cada palabra llega como término con su frase, traducción, audio e imagen.',
  'ankiconnect.address': 'Dirección de AnkiConnect',
  'ankiconnect.addressHint': 'Pégala en el campo «AnkiConnect server» de la herramienta. La primera vez, la herramienta pide permiso: permítelo aquí.',
  'ankiconnect.port': 'Responder también en 127.0.0.1:{port}, la dirección propia de AnkiConnect (para herramientas que no admiten otra)',
  'ankiconnect.newDecks': 'Permitir que una herramienta añada a un mazo sin idioma en Lectio',
  'ankiconnect.newDecksHint':
    'Solo un mazo con el nombre (en inglés) de un idioma que Lectio conoce (Italian, Japanese::Mining → Japanese) se convierte en ese idioma, con sus ajustes habituales; cualquier otro mazo se rechaza.',
  'ankiconnect.portListening': 'Escuchando en 127.0.0.1:{port}.',
  'ankiconnect.portInUse': 'El puerto {port} está ocupado: probablemente Anki con AnkiConnect está abierto. Cierra Anki o usa la dirección de arriba.',
  'ankiconnect.portFailed': 'Lectio no ha podido escuchar en el puerto {port}.',
  'ankiconnect.fields': 'Nombres de campo de tus tipos de nota',
  'ankiconnect.fieldsHint':
    'Lectio ya lee Term/Expression/Word/Front como término, Meaning/Glossary/Definition/Back como traducción, y Reading, Sentence, Notes, Picture/Image y Audio/SentenceAudio. Indica aquí otros campos.',
  'ankiconnect.fieldName': 'Nombre del campo',
  'ankiconnect.fieldRole': 'Va a',
  'ankiconnect.addField': 'Añadir un campo',
  'ankiconnect.removeField': 'Quitar',
  'ankiconnect.saveFields': 'Guardar nombres de campo',
  'ankiconnect.saved': 'Nombres de campo guardados',
  'ankiconnect.role.term': 'Término',
  'ankiconnect.role.reading': 'Lectura',
  'ankiconnect.role.translation': 'Traducción',
  'ankiconnect.role.sentence': 'Frase',
  'ankiconnect.role.notes': 'Notas',
  'ankiconnect.role.lemma': 'Lema',
  'ankiconnect.role.picture': 'Imagen',
  'ankiconnect.role.audio': 'Audio',
  'ankiconnect.role.tags': 'Etiquetas',
  'ankiconnect.pairingTitle.website': 'Un sitio web pide usar AnkiConnect',
  'ankiconnect.pairingTitle.extension': 'Una extensión del navegador pide usar AnkiConnect',
  'ankiconnect.pairingTitle.local': 'Un programa de este ordenador pide usar AnkiConnect',
  'ankiconnect.pairingQuestion': '¿Permitir que {origin} busque palabras y las añada a tu biblioteca mediante AnkiConnect?',
  'ankiconnect.pairingQuestionNamed': '¿Permitir que {tool} ({origin}) busque palabras y las añada a tu biblioteca mediante AnkiConnect?',
  'ankiconnect.pairingReach':
    'Solo podrá usar AnkiConnect: buscar, añadir y cambiar palabras con su frase, audio e imágenes. No podrá leer tus textos ni libros, descargar una copia de seguridad ni cambiar la configuración.',
  'ankiconnect.pairingHint':
    'Yomitan, asbplayer y herramientas parecidas lo preguntan la primera vez que se conectan. Permítelo solo si acabas de configurar una.',
  'ankiconnect.media': 'Medios minados',
  'ankiconnect.playAudio': 'Reproducir el audio de la frase ({name})',
};
