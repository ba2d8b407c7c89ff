/**
 * A curated emoji set for the composer's picker, by category (no dependency). Category ids are
 * i18n keys under composer:emoji.categories.
 */
export type EmojiCategory = {
  id: 'smileys' | 'gestures' | 'people' | 'nature' | 'food' | 'activities' | 'travel' | 'objects' | 'symbols';
  icon: string;
  emojis: string[];
};

const split = (s: string) => s.trim().split(/\s+/);

export const EMOJI_CATEGORIES: EmojiCategory[] = [
  {
    id: 'smileys',
    icon: '😀',
    emojis: split(
      `😀 😃 😄 😁 😆 😅 🤣 😂 🙂 🙃 😉 😊 😇 🥰 😍 🤩 😘 😗 😚 😙 😋 😛 😜 🤪 😝 🤑 🤗 🤭 🤫 🤔 🤐 🤨 😐 😑 😶 😏 😒 🙄 😬 😌 😔 😪 🤤 😴 😷 🤒 🤕 🤢 🤮 🥵 🥶 😵 🤯 🤠 🥳 😎 🤓 🧐 😕 😟 🙁 😮 😯 😲 😳 🥺 😦 😧 😨 😰 😥 😢 😭 😱 😖 😣 😞 😓 😩 😫 🥱 😤 😡 😠 🤬 😈 💀 💩 🤡 👻 👽 🤖`,
    ),
  },
  {
    id: 'gestures',
    icon: '👍',
    emojis: split(`👍 👎 👌 🤌 🤏 ✌️ 🤞 🤟 🤘 🤙 👈 👉 👆 👇 ☝️ ✋ 🤚 🖐️ 🖖 👋 👏 🙌 👐 🤲 🤝 🙏 ✍️ 💪 🦷 👀 👁️ 👂 👃 🧠 🫶 💅 🤳`),
  },
  {
    id: 'people',
    icon: '🧑',
    emojis: split(
      `👶 🧒 👦 👧 🧑 👱 👨 👩 🧔 🧓 👴 👵 🙍 🙎 🙅 🙆 💁 🙋 🧏 🙇 🤦 🤷 🧑‍⚕️ 👨‍⚕️ 👩‍⚕️ 🧑‍💼 🧑‍💻 🧑‍🔧 🧑‍🍳 🧑‍🏫 👮 🕵️ 💂 👷 🤴 👸 🎅 🦸 🧙 🧚 🚶 🏃 💃 🕺 👪 👫 💑`,
    ),
  },
  {
    id: 'nature',
    icon: '🐶',
    emojis: split(
      `🐶 🐱 🐭 🐹 🐰 🦊 🐻 🐼 🐨 🐯 🦁 🐮 🐷 🐸 🐵 🐔 🐧 🐦 🐤 🦆 🦉 🐺 🐴 🦄 🐝 🦋 🐌 🐞 🐢 🐍 🐙 🐠 🐬 🐳 🌵 🌲 🌳 🌴 🌱 🌿 🍀 🍁 🍂 🌷 🌹 🌺 🌸 🌼 🌻 🌞 🌝 🌙 ⭐ 🌟 ✨ ⚡ 🔥 🌈 ☀️ ⛅ ☁️ 🌧️ ⛈️ ❄️ ☃️ 💧 🌊`,
    ),
  },
  {
    id: 'food',
    icon: '🍎',
    emojis: split(
      `🍏 🍎 🍐 🍊 🍋 🍌 🍉 🍇 🍓 🫐 🍒 🍑 🥭 🍍 🥥 🥝 🍅 🥑 🥦 🥕 🌽 🥔 🥐 🍞 🧀 🥚 🍳 🥓 🍔 🍟 🍕 🌭 🥪 🌮 🌯 🥗 🍝 🍜 🍣 🍱 🍦 🍩 🍪 🎂 🍰 🧁 🍫 🍬 🍭 ☕ 🍵 🧃 🥤 🍺 🍻 🥂 🍷`,
    ),
  },
  {
    id: 'activities',
    icon: '⚽',
    emojis: split(
      `⚽ 🏀 🏈 ⚾ 🎾 🏐 🏉 🎱 🏓 🏸 🥊 🥋 ⛳ 🎣 🎽 🛹 ⛸️ 🎿 🏆 🥇 🥈 🥉 🏅 🎖️ 🎗️ 🎫 🎟️ 🎪 🎭 🎨 🎬 🎤 🎧 🎼 🎹 🥁 🎷 🎺 🎸 🎻 🎲 🎯 🎳 🎮 🧩 🎉 🎊 🎈 🎁`,
    ),
  },
  {
    id: 'travel',
    icon: '🚗',
    emojis: split(
      `🚗 🚕 🚙 🚌 🚎 🏎️ 🚓 🚑 🚒 🚐 🚚 🚛 🚜 🛵 🏍️ 🚲 🛴 🚨 🚃 🚆 🚇 ✈️ 🛫 🛬 🚀 🛸 🚁 ⛵ 🚤 🛳️ ⚓ ⛽ 🚦 🗺️ 🗽 🏰 🏟️ 🏖️ 🏝️ ⛰️ 🏠 🏡 🏢 🏥 🏦 🏨 🏪 🏫 ⛪ 🕌 🌆 🌃`,
    ),
  },
  {
    id: 'objects',
    icon: '💡',
    emojis: split(
      `⌚ 📱 💻 ⌨️ 🖥️ 🖨️ 🖱️ 💾 📷 📸 📹 🎥 📞 ☎️ 📺 📻 ⏰ ⏳ 🔋 🔌 💡 🔦 🕯️ 💵 💰 💳 🧾 ✉️ 📧 📨 📦 📫 📝 📁 📂 📅 📆 📇 📈 📉 📊 📋 📌 📍 📎 ✂️ 🔒 🔓 🔑 🔨 🛠️ 🧰 🩺 💊 💉 🩹 🪥 🧴 🛒 🎀`,
    ),
  },
  {
    id: 'symbols',
    icon: '❤️',
    emojis: split(
      `❤️ 🧡 💛 💚 💙 💜 🖤 🤍 🤎 💔 ❣️ 💕 💞 💓 💗 💖 💘 💝 💯 💢 💥 💫 💦 💬 💭 💤 ✅ ☑️ ✔️ ❌ ❎ ➕ ➖ ➗ ❓ ❔ ❗ ❕ ‼️ ⁉️ ⚠️ 🚫 ⛔ 🔴 🟠 🟡 🟢 🔵 🟣 ⚫ ⚪ 🔶 🔷 ▶️ ⏸️ ⏹️ 🔁 🔄 🆗 🆕 🆓 🔝 🔜 ©️ ®️ ™️`,
    ),
  },
];
