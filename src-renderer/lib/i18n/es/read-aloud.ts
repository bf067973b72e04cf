// Runs in: renderer. Spanish: read aloud with a system voice, what to do without one, and the word panel's
// translation suggestion (issue 49).
import type { readAloud as en } from '../en/read-aloud';
import type { Translation } from '../types';

export const readAloud: Translation<typeof en> = {
  'readAloud.bar': 'Lectura en voz alta',
  'readAloud.play': 'Leer en voz alta',
  'readAloud.playTitle': 'Leer el texto en voz alta con {voice}, oración a oración (Espacio; Alt+clic en una palabra para leer desde ahí)',
  'readAloud.pause': 'Pausa',
  'readAloud.resume': 'Seguir',
  'readAloud.stop': 'Parar',
  'readAloud.previous': 'Oración anterior ([)',
  'readAloud.next': 'Oración siguiente (])',
  'readAloud.repeat': 'Repetir (R)',
  'readAloud.speed': 'Velocidad',
  'readAloud.speedLabel': 'Velocidad de lectura',
  'readAloud.normal': 'Normal',
  'readAloud.sentenceOf': 'Oración {n} de {total}',
  'readAloud.noVoice': 'No hay voz para {language} en este ordenador',
  'readAloud.noVoiceTitle': 'Lectio lee en voz alta con las voces del sistema; no tiene ninguna para {language}.',
  'readAloud.howToAdd': 'Cómo añadir una',
  'readAloud.windows': 'Windows: Configuración → Hora e idioma → Voz → Administrar voces → Agregar voces, elige el idioma; después reinicia Lectio.',
  'readAloud.macos':
    'macOS: Ajustes del Sistema → Accesibilidad → Contenido leído → Voz del sistema → Gestionar voces…, marca una voz del idioma; después reinicia Lectio.',
  'readAloud.linux':
    'Linux: instala speech-dispatcher y eSpeak NG (por ejemplo sudo apt install speech-dispatcher espeak-ng), u otra voz de speech-dispatcher para el idioma; después reinicia Lectio.',
  'readAloud.afterAdding': 'Cuando el sistema tenga una voz, se puede elegir en Idiomas → Editar → Lectura → Voz.',
  'readAloud.noVoiceShort': 'Sin voz',
  'wordPanel.inThisSentence': 'En esta oración:',
  'wordPanel.suggestTranslation': 'Sugerir una traducción',
  'wordPanel.suggestTranslationTitle':
    'Preguntar a tu servicio de traducción qué significa esta palabra en esta oración (solo se muestra; Usar la pone en el campo)',
};
