// electron-builder afterPack hook (electron-builder.yml `afterPack`): flips the Electron fuses of the packaged
// binary before it is signed, so the shipped app cannot be turned into a plain Node runtime or made to load
// code from outside its integrity-checked asar archive (issue 21; docs/security.md).
const path = require('node:path');

/** The fuses Lectio ships with: tested against this file in tests/security/electron.test.ts. */
const FUSES = {
  RunAsNode: false, // ELECTRON_RUN_AS_NODE cannot turn the app into node
  EnableCookieEncryption: true, // cookies on disk encrypted with the OS keychain
  EnableNodeOptionsEnvironmentVariable: false, // NODE_OPTIONS ignored
  EnableNodeCliInspectArguments: false, // --inspect ignored
  EnableEmbeddedAsarIntegrityValidation: true, // app.asar checked against its signed hash (macOS, Windows)
  OnlyLoadAppFromAsar: true, // never an app/ folder beside the archive
  GrantFileProtocolExtraPrivileges: false, // file:// gets no extra powers
};

/** Path of the packaged Electron binary for electron-builder's afterPack context. */
function electronBinary(context) {
  const name = context.packager.appInfo.productFilename;
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return path.join(context.appOutDir, `${name}.app`);
    case 'win32':
      return path.join(context.appOutDir, `${name}.exe`);
    default:
      return path.join(context.appOutDir, context.packager.executableName);
  }
}

async function afterPack(context) {
  const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');
  const config = { version: FuseVersion.V1, strictlyRequireAllFuses: false };
  for (const [key, value] of Object.entries(FUSES)) config[FuseV1Options[key]] = value;
  // Apple-silicon builds are ad-hoc signed before signing proper: flipping fuses breaks that signature.
  config.resetAdHocDarwinSignature = context.electronPlatformName === 'darwin' && context.arch === 3;
  await flipFuses(electronBinary(context), config);
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.FUSES = FUSES;
module.exports.electronBinary = electronBinary;
