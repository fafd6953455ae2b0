# Español. Los mensajes son los de en.ftl (véanse las explicaciones allí).

language-name = Español
language-locale = es-ES
language-date-time-pattern = %d/%m/%Y %H:%M:%S
language-plural-forms = one many other

nav-overview = Resumen
nav-origination = Originación
nav-quality = Calidad
nav-active-calls = Llamadas activas
nav-cps-chart = Gráfico de CPS
nav-termination = Terminación
nav-termination-quality = Calidad de terminación
nav-termination-active-calls = Llamadas activas de terminación
nav-live-calls = Llamadas en directo
nav-statement = Extracto del mes
nav-watch = Alertas
nav-sections-label = Secciones
section-overview = Resumen
section-account-and-money = Cuenta y dinero
section-calls = Llamadas
section-statistics = Estadísticas
section-rates = Tarifas
section-reference = Referencia
not-available-title = No disponible para su cuenta
not-available-text = Su proveedor no ha habilitado esta página para su cuenta.
profile-failed = No se pudo leer su perfil de acceso, así que las páginas que dependen de él aún no se muestran.
skip-to-content = Saltar al contenido
signed-in = Sesión iniciada
sign-out = Cerrar sesión
menu = Menú
language-label = Idioma
theme-label = Tema
theme-system = Tema del sistema
theme-light = Claro
theme-dark = Oscuro
time-zone-label = Zona horaria
time-zone-local = Hora local
time-zone-local-named = Hora local ({ $zone })
time-zone-utc = UTC
redirecting-to-sign-in = Redirigiendo al inicio de sesión…
## Integrado, a la espera del token de la página que lo contiene
embed-waiting = Esperando a que inicie la sesión
embed-waiting-expired = Su sesión ha caducado. Esperando una nueva de
embed-waiting-rejected = El servidor rechazó la sesión. Esperando una nueva de
embed-waiting-signed-out = Ha cerrado la sesión. Esperando a que la inicie de nuevo
embed-parent-unknown = la página que contiene el portal
embed-sign-in-here = Iniciar sesión aquí

## El servicio de asistencia del operador (config.json `support`)
help = Ayuda
support-title = Asistencia
support-email = Correo electrónico
support-phone = Teléfono
support-web = Centro de ayuda
support-hours = Horario
cant-sign-in = ¿No puede iniciar sesión?
cant-sign-in-text = El servicio de asistencia de su proveedor puede ayudarle a iniciar sesión.
error-time-for-support = Esto ocurrió el { $time }. Si se repite, indique esta hora al servicio de asistencia.
payment-failed-help = ¿No se completó el pago? El servicio de asistencia puede ayudarle.
not-available-help = Para que esta página se habilite en su cuenta, consulte al servicio de asistencia.

## Fallo al arrancar y página de error grave
config-error-title = El portal no está bien configurado
config-error-hint = Si administra este portal, revise config.json. Si no, avise a su proveedor.
config-reload = Recargar
framing-refused-title = Este portal no se puede mostrar aquí
framing-refused-text = Esta página muestra el portal dentro de otro sitio al que su operador no ha permitido integrarlo, así que aquí no se muestra nada de su cuenta.
framing-refused-open = Abrir el portal en su propia pestaña
config-missing = No se encontró config.json junto al portal (HTTP { $status }). Colóquelo junto a index.html.
config-unreachable = No se pudo cargar config.json: { $reason }
config-malformed = config.json no es JSON válido: { $reason }
config-invalid = config.json tiene un valor incorrecto: { $reason }
crash-title = Algo salió mal
crash-text = El portal encontró un problema inesperado y se detuvo. Recargar la página suele resolverlo; sus datos en el servidor no se ven afectados.
crash-reload = Recargar la página

## Inicio de sesión y avisos de sesión
sign-in = Iniciar sesión
login-label = Usuario
password-label = Contraseña
keep-signed-in = Mantener la sesión iniciada en este dispositivo
signing-in = Iniciando sesión…
enter-login-and-password = Introduzca su usuario y contraseña.
token-sign-in = Iniciar sesión con un token
token-hint = Su proveedor puede emitir un token para usted. Se guarda solo en este navegador.
token-label = Token
use-token = Usar este token
paste-token-first = Pegue primero un token.
token-not-jwt = Esto no es un token: se esperaban tres partes separadas por puntos
token-unreadable = No se puede leer el contenido del token: { $reason }
token-already-expired = Este token ya ha caducado
session-expired = Su sesión ha caducado. Inicie sesión de nuevo.
signed-out-by-server = Se cerró su sesión: { $message } Inicie sesión de nuevo.
signed-out-elsewhere = Se cerró su sesión en otra pestaña de este navegador. Inicie sesión de nuevo.

## Errores de las solicitudes
error-unknown = Error desconocido
status-text = { $status ->
        [400] La solicitud se rechazó por no ser válida
        [401] No ha iniciado sesión, o su sesión ha caducado
        [403] No tiene permiso para ver esto
        [404] No encontrado
        [406] El servidor no puede responder en el formato pedido
        [415] El servidor no acepta este formato de solicitud
        [422] El servidor no pudo aceptar estos valores
        [429] Demasiadas solicitudes; espere un momento
        [500] El servidor no pudo responder
        [502] El servidor no está disponible en este momento
        [503] El servidor no está disponible en este momento
        [504] El servidor no está disponible en este momento
       *[other] La solicitud falló
    } (HTTP { $status }).
error-unreadable-answer = No se pudo leer la respuesta del servidor: { $reason }
error-unreachable = No se pudo contactar con el servidor ({ $reason }). Compruebe su conexión y vuelva a intentarlo.
error-cancelled = La solicitud se canceló.
error-http-status = HTTP { $status }
retry = Reintentar
previous-results = Se muestran los resultados anteriores, no los de la vista actual, que no se pudieron cargar.
previous-results-for = Se muestran los resultados de { $view }, no los de la vista actual, que no se pudieron cargar.
view-no-filter = todos los registros (sin filtro)
view-page = página { $page }
loading-page = Cargando la página…
page-load-failed = No se pudo cargar esta página. Compruebe su conexión y vuelva a intentarlo.
new-version-loading = Hay una nueva versión del portal. Cargándola…
new-version-offered = Hay una nueva versión del portal y esta página la necesita. ¿Recargar ahora? Lo que ha escrito aquí se conserva.
new-version-reload = Recargar ahora
new-version-stranded = El portal se ha actualizado, pero no se pudo cargar su nueva versión. Inténtelo de nuevo en unos minutos; si continúa, contacte con soporte.
reason-no-requests = el navegador no puede hacer solicitudes
reason-timeout = sin respuesta en { $seconds } { $seconds ->
        [one] segundo
        [many] de segundos
       *[other] segundos
    }
reason-broke-off = la respuesta (HTTP { $status }) se interrumpió: { $reason }
reason-not-utf8 = la respuesta no es texto UTF-8
reason-unusable-token = el token del servidor no se puede usar: { $reason }
file-not-made = no se pudo crear el archivo
file-no-document = no hay documento
file-no-link = no hay elemento de enlace

## Errores de filtros y de la dirección de la lista
filter-unknown-field = No se puede filtrar por «{ $name }»
filter-operator-not-allowed = «{ $field }» no se puede filtrar con «{ $operator }»
filter-no-operator = (ninguno)
filter-empty-value = Introduzca un valor para «{ $field }»
filter-not-a-number = «{ $value }» no es un número; «{ $field }» necesita un número como 12.5
filter-one-value-only = «{ $field }» admite aquí un solo valor; ponga entre comillas dobles un valor con coma
filter-not-an-id = «{ $value }» no es un identificador; «{ $field }» necesita uno como 0b9f7a8e-5d2c-11ef-9a4e-0242ac120003
filter-not-a-boolean = «{ $field }» es true o false, no «{ $value }»
filter-not-a-time = «{ $value }» no es una hora; «{ $field }» necesita una como 2026-07-18 10:00:00
filter-not-an-ip = «{ $value }» no es una dirección IP; «{ $field }» necesita una como 10.0.0.1
filter-not-one-of = «{ $field }» es uno de { $words }, no «{ $value }»
page-number-invalid = «{ $value }» no es un número de página (1 o más)
page-size-invalid = «{ $value }» no es un tamaño de página (de 1 a { $max })

## Tipos de recursos
cdrs = Llamadas salientes
    .loading-list = Cargando llamadas…
    .loading-one = Cargando la llamada…
    .none-match = Ninguna llamada coincide con esta vista.
    .missing-title = No existe esa llamada
    .missing = No hay ninguna llamada con el identificador «{ $id }» en sus registros.
    .heading = Llamada del { $start }
incoming-cdrs = Llamadas entrantes
    .loading-list = Cargando llamadas entrantes…
    .loading-one = Cargando la llamada…
    .none-match = Ninguna llamada entrante coincide con esta vista.
    .missing-title = No existe esa llamada
    .missing = No hay ninguna llamada entrante con el identificador «{ $id }» en sus registros.
    .heading = Llamada entrante del { $start }
accounts = Cuentas
    .loading-list = Cargando cuentas…
    .loading-one = Cargando la cuenta…
    .none-match = Ninguna cuenta coincide con esta vista.
    .missing-title = No existe esa cuenta
    .missing = No hay ninguna cuenta con el identificador «{ $id }», o no es suya.
    .heading = { $name }
services = Servicios
    .loading-list = Cargando servicios…
    .loading-one = Cargando el servicio…
    .none-match = Ningún servicio coincide con esta vista.
    .missing-title = No existe ese servicio
    .missing = No hay ningún servicio con el identificador «{ $id }», o no es suyo.
    .heading = { $name }
rateplans = Planes de tarifas
    .loading-list = Cargando planes de tarifas…
    .loading-one = Cargando el plan de tarifas…
    .none-match = Ningún plan de tarifas coincide con esta vista.
    .missing-title = No existe ese plan de tarifas
    .missing = No hay ningún plan de tarifas con el identificador «{ $id }», o no es suyo.
    .heading = Plan de tarifas { $name }
rates = Tarifas
    .loading-list = Cargando tarifas…
    .loading-one = Cargando la tarifa…
    .none-match = Ninguna tarifa coincide con esta vista.
    .missing-title = No existe esa tarifa
    .missing = No hay ninguna tarifa con el identificador «{ $id }», o no es suya.
    .heading = Tarifa del prefijo { $prefix }
cdr-exports = Exportaciones de CDR
    .loading-list = Cargando exportaciones de CDR…
    .loading-one = Cargando la exportación de CDR…
    .none-match = Ninguna exportación de CDR coincide con esta vista.
    .missing-title = No existe esa exportación de CDR
    .missing = No hay ninguna exportación de CDR con el identificador «{ $id }», o no es suya.
    .heading = Exportación de CDR del { $created }
network-types = Tipos de red
    .loading-list = Cargando tipos de red…
    .loading-one = Cargando el tipo de red…
    .none-match = Ningún tipo de red coincide con esta vista.
    .missing-title = No existe ese tipo de red
    .missing = No hay ningún tipo de red con el identificador «{ $id }», o no es suyo.
    .heading = { $name }
network-prefixes = Prefijos de red
    .loading-list = Cargando prefijos de red…
    .loading-one = Cargando el prefijo de red…
    .none-match = Ningún prefijo de red coincide con esta vista.
    .missing-title = No existe ese prefijo de red
    .missing = No hay ningún prefijo de red con el identificador «{ $id }», o no es suyo.
    .heading = Prefijo { $prefix }
networks = Redes
    .loading-list = Cargando redes…
    .loading-one = Cargando la red…
    .none-match = Ninguna red coincide con esta vista.
    .missing-title = No existe esa red
    .missing = No hay ninguna red con el identificador «{ $id }», o no es suya.
    .heading = { $name }
countries = Países
    .loading-list = Cargando países…
    .loading-one = Cargando el país…
    .none-match = Ningún país coincide con esta vista.
    .missing-title = No existe ese país
    .missing = No hay ningún país con el identificador «{ $id }».
    .heading = { $name }

invoices = Facturas
    .loading-list = Cargando facturas…
    .loading-one = Cargando la factura…
    .none-match = Ninguna factura coincide con esta vista.
    .missing-title = No existe esa factura
    .missing = No hay ninguna factura con el identificador «{ $id }», o no es suya.
    .heading = Factura { $reference }
payments = Pagos
    .loading-list = Cargando pagos…
    .loading-one = Cargando el pago…
    .none-match = Ningún pago coincide con esta vista.
    .missing-title = No existe ese pago
    .missing = No hay ningún pago con el identificador «{ $id }», o no es suyo.
    .heading = Pago del { $time }
transactions = Cargos por servicios
    .loading-list = Cargando cargos por servicios…
    .loading-one = Cargando el cargo por servicio…
    .none-match = Ningún cargo por servicio coincide con esta vista.
    .missing-title = No existe ese cargo por servicio
    .missing = No hay ningún cargo por servicio con el identificador «{ $id }», o no es suyo.
    .heading = Cargo: { $description }
numberlists = Listas de números
    .loading-list = Cargando listas de números…
    .loading-one = Cargando la lista de números…
    .none-match = Ninguna lista de números coincide con esta vista.
    .missing-title = No existe esa lista de números
    .missing = No hay ninguna lista de números con el identificador «{ $id }», o no es suya.
    .heading = Lista de números { $name }
outgoing-numberlist-items = Números de la lista
    .loading-list = Cargando los números de la lista…
    .loading-one = Cargando el número…
    .none-match = Ningún número de la lista coincide con esta vista.
    .missing-title = No existe ese número
    .missing = No hay ningún número con el identificador «{ $id }» en sus listas.
    .heading = { $key }

nl-add-heading = Añadir números
nl-keys-label = Números o prefijos
nl-keys-hint = Uno o varios a la vez: sepárelos con comas, espacios o saltos de línea.
nl-action-label = Acción
nl-action-default = La predeterminada de la lista
nl-action-default-named = La predeterminada de la lista ({ $name })
nl-add = Añadir
nl-adding = Añadiendo…
nl-added = { $count ->
        [one] Se añadió 1 número.
        [many] Se añadieron { $count } de números.
       *[other] Se añadieron { $count } números.
    }
nl-repeated = { $count ->
        [one] 1 número se pegó dos veces y se envió una vez.
        [many] { $count } de números se pegaron más de una vez y se enviaron una vez.
       *[other] { $count } números se pegaron más de una vez y se enviaron una vez.
    }
nl-search-label = Buscar números que contengan
nl-search = Buscar
nl-actions = Cambios
nl-action-of = Acción para { $key }
nl-delete = Eliminar
nl-delete-of = Eliminar { $key }
nl-confirm-delete = ¿Eliminar { $key } de la lista?
nl-cancel = Cancelar
nl-deleted = { $key } eliminado.
nl-undo = Deshacer
nl-restored = { $key } vuelve a estar en la lista.
nl-saving = Guardando…
nl-not-saved = No se guardó, la lista queda como estaba: { $reason }
nl-changed-elsewhere = Esta lista se cambió en otro lugar (en otra pestaña o por otra persona) desde que la abrió: ahora muestra lo que tiene el servidor.
nl-batch-empty = Escriba al menos un número.
nl-batch-bad-character = «{ $key }» tiene el carácter «{ $character }», que un número no puede tener.
nl-batch-too-long = «{ $key }» tiene más de { $longest } caracteres.
nl-batch-too-many = { $count } números a la vez son demasiados: como máximo { $most }.

## Dinero
hours-minutes = { $hours } h { $minutes } min
download-pdf = Descargar PDF
no-file = El servidor no tiene ningún archivo para este registro.
invoice-breakdown = De qué se compone la factura
invoice-part = Parte
invoice-originated = Llamadas realizadas
invoice-terminated = Llamadas recibidas
invoice-services = Servicios
invoice-total = Total
amount = Importe
calls = Llamadas
call-time = Tiempo de llamada
billed-time = Tiempo facturado
first-call = Primera llamada
last-call = Última llamada
service-charges = { $count ->
        [one] 1 cargo
        [many] { $count } de cargos
       *[other] { $count } cargos
    }
latest = Últimos: { $title }
see-all = Ver todo: { $title }
open-phone-system = Abrir la centralita
opening-phone-system = Abriendo la centralita…
phone-system-opened = La centralita se abrió en una pestaña nueva.
phone-system-blocked = Su navegador impidió abrir la pestaña nueva. Ábrala aquí:
top-up = Recargar saldo
top-up-hint = Paga en criptomoneda en la página del proveedor de pagos. El saldo aumenta cuando se completa el pago; esta página lo sigue.
top-up-amount = Importe
top-up-amount-in = Importe ({ $currency })
top-up-notes = Notas (opcional)
top-up-submit = Continuar al pago
top-up-submitting = Creando el pago…
top-up-leaving = Llevándole a la página de pago…
top-up-no-provider-page = El pago se creó, pero la dirección de la página de pago que dio el servidor no es una dirección web, así que el portal no la sigue. El pago está en su lista de pagos.
amount-too-small = El importe debe ser al menos 0.01.
amount-unreadable = «{ $value }» no es un importe.
your-top-ups = Sus recargas
top-up-waiting = { $amount }: esperando el pago…
top-up-paid = { $amount }: pagado.
top-up-canceled = { $amount }: cancelado.
top-up-continue = Continuar con el pago
balance = Saldo
capacity = Capacidad
balance-range = Mínimo { $min }, máximo { $max }
balance-below-minimum = { $name }: el saldo { $balance } está en su mínimo { $min } o por debajo. Las llamadas pueden rechazarse hasta que se recargue.
balance-near-minimum = { $name }: el saldo { $balance } está cerca de su mínimo { $min }.
accounts-below-minimum = { $count ->
        [one] 1 cuenta está en su mínimo o por debajo: las llamadas pueden rechazarse hasta que se recargue.
        [many] { $count } de cuentas están en su mínimo o por debajo: las llamadas pueden rechazarse hasta que se recarguen.
       *[other] { $count } cuentas están en su mínimo o por debajo: las llamadas pueden rechazarse hasta que se recarguen.
    }
accounts-near-minimum = { $count ->
        [one] 1 cuenta está cerca de su mínimo.
        [many] { $count } de cuentas están cerca de su mínimo.
       *[other] { $count } cuentas están cerca de su mínimo.
    }
balances-to-watch = Saldos a vigilar
lowest-balances = Saldos más bajos:
show-low-balances = Todos en la lista de cuentas, el saldo más bajo primero
credit-ahead-of = Previsión del saldo de { $name }
credit-at-day-spend = Al gasto de las últimas 24 horas ({ $spend }):
credit-at-week-spend = Al gasto de los últimos 7 días ({ $spend }):
credit-minimum-in-hours = { $count ->
        [one] el mínimo en 1 hora aproximadamente
        [many] el mínimo en unas { $count } de horas
       *[other] el mínimo en unas { $count } horas
    }
credit-minimum-in-days = { $count ->
        [one] el mínimo en 1 día aproximadamente
        [many] el mínimo en unos { $count } de días
       *[other] el mínimo en unos { $count } días
    }
credit-minimum-within-hour = el mínimo en menos de una hora
credit-minimum-not-reached = el mínimo no se alcanza
today = Hoy

check-rate = Consultar una tarifa
check-rate-hint = Elija un plan de tarifas y escriba un número: se listan las tarifas que coinciden, primero la del prefijo más largo (es la que se aplica). Indique una duración para ver lo que cuesta esa llamada.
choose-rateplan = Elija un plan de tarifas
all-rateplans = Todos los planes de tarifas
number = Número
call-duration = Duración de la llamada (segundos, o m:ss)
check-rate-submit = Consultar
check-rate-checking = Consultando…
rateplan-missing = Elija un plan de tarifas.
rateplan-not-uuid = Esto no es el identificador de un plan de tarifas.
rateplan-unknown = Este plan de tarifas no es uno de los suyos.
number-missing = Escriba un número.
number-not-digits = Un número solo tiene dígitos (se quitan espacios, guiones, paréntesis y un + inicial).
number-too-long = Un número tiene como máximo { $max } dígitos.
duration-invalid = Una duración son segundos enteros (90) o minutos y segundos (1:30), como máximo un día.
rates-for-number = Tarifas para { $number }
no-matching-rate = Ninguna tarifa de este plan coincide con este número.
rate-applies = Se aplica
cost-of-call = Lo que cuesta una llamada de { $seconds } segundos
cost-connect-fee = Cargo de conexión
cost-initial = Primeros { $seconds } s a { $rate } por minuto
cost-next = { $count } × { $seconds } s a { $rate } por minuto
cost-total = Total
cost-unanswered = Un intento sin respuesta (0 s) solo paga el cargo por intento.
rates-per-minute = Las tarifas son por minuto; los intervalos, en segundos.
routing-tags = Etiquetas de enrutamiento
download-rate-deck = Descargar el tarifario (CSV)

## Llamadas
window-default = El servidor muestra las últimas { $hours } horas si no elige un intervalo de tiempo.
window-between = Llamadas del { $from } al { $to }.
window-since = Llamadas desde el { $from }.
window-change = Intervalo de tiempo
window-last-24-hours = Últimas 24 horas
recording = Grabación
play-recording = Reproducir la grabación
loading-recording = Cargando la grabación…
no-recording = No hay grabación de esta llamada.
download-recording = Descargar la grabación
export-these-calls = Exportar estas llamadas
new-cdr-export = Nueva exportación de CDR
create-export = Crear la exportación
creating-export = Creando la exportación…
export-form-hint = El servidor prepara el archivo; su página muestra cuándo está listo para descargar.
any-outcome = Cualquier resultado
successful-only = Solo llamadas con éxito
failed-only = Solo llamadas fallidas
duration-at-least = Duración mínima (s)
duration-at-most = Duración máxima (s)
duration-exactly = Duración exacta (s)
time-zone-of-times = Zona horaria de las horas del archivo
not-a-whole-number = «{ $value }» no es un número entero de segundos.
create-record = Crear
creating-record = Creando…
input-missing = Rellene este campo.
input-not-a-number = «{ $value }» no es un número.
input-not-a-choice = «{ $value }» no es una de las opciones.

## Valores y registros
yes = Sí
no = No
copy = Copiar
copy-identifier = Copiar el identificador completo
identifier = Identificador

## Tabla y paginación
sort-by = Ordenar por { $column }
pages-label = Páginas
page-first = « Primera
page-prev = ‹ Anterior
page-next = Siguiente ›
page-last = Última »
pager-rows = { $first }–{ $last } de { $total }
pager-no-rows = 0 de { $total }
pager-page = Página { $page } de { $count }
rows-per-page = Filas por página

## Barra de filtros
filters-label = Filtros
add-filter = + Añadir filtro
clear-filters = Quitar filtros
filter-field = Campo
filter-operator = Operador
filter-value = Valor
filter-remove = Quitar este filtro
placeholder-value = valor
placeholder-values = valores, separados por comas
op-is = es
op-eq = es igual a
op-not-eq = no es igual a
op-cont = contiene
op-start = empieza por
op-end = termina en
op-in = es uno de
op-not-in = no es ninguno de
op-cont-any = contiene alguno de
op-gt = >
op-gteq = ≥
op-lt = <
op-lteq = ≤

## Página de lista
columns = Columnas
export-csv = Exportar CSV
export-cancel = Cancelar
export-progress = Exportando la página { $page } de { $count }
export-done = { $rows ->
        [one] Se exportó 1 fila.
        [many] Se exportaron { $rows } de filas.
       *[other] Se exportaron { $rows } filas.
    }
export-failed = La exportación falló: { $reason }
export-cancelled = Exportación cancelada.

## Extracto del mes [with its page]
statement-intro = Un archivo zip por mes: sus facturas (PDF y CSV), pagos y cargos por servicios (CSV), las estadísticas diarias de cada cuenta (CSV) y un resumen. Lo que su acceso no incluye queda fuera.
statement-month = Mes
statement-make = Descargar el extracto
statement-cancel = Cancelar
statement-progress = { $done } de { $total } partes
statement-parts = Partes del archivo
statement-part-waiting = en espera
statement-part-fetching = obteniendo…
statement-part-done = hecho
statement-part-failed = falló: { $reason }
statement-part-withheld = no incluido en su acceso
statement-saved = Guardado { $file }.
statement-saved-without = Guardado { $file } sin lo que falló: { $parts }. El resumen incluido también lo indica.
statement-not-saved = El extracto no se guardó: { $reason }
statement-cancelled = Cancelado: no se guardó nada.
statement-month-ahead = { $month } aún no ha empezado: elija este mes o uno anterior.
statement-not-a-month = Elija un mes (AAAA-MM).
statement-summary-title = Extracto de { $month }
statement-summary-made = Generado { $time }.
statement-summary-running = El mes sigue en curso: sus cifras llegan hasta el momento en que se generó el extracto.
statement-summary-balance-now = Saldo actual: { $amount }
statement-summary-invoices = Facturas: { $count }, importe gastado { $amount }
statement-summary-payments = Pagos completados: { $count }, { $amount }
statement-summary-charges = Cargos por servicios: { $count }, { $amount }
statement-summary-originated = Coste de las llamadas originadas: { $amount }
statement-summary-terminated = Llamadas terminadas: { $amount }
statement-summary-before-payment = Saldo antes del primer pago del mes ({ $time }): { $amount }
statement-summary-failed = Partes que fallaron:
statement-summary-withheld = Fuera, no incluido en su acceso:

## Alertas: reglas de vigilancia de las cuentas [with its page]
watch-intro = Reglas sobre sus cuentas, comprobadas mientras el portal esté abierto: cada minuto, cada cinco si está oculto. Cada una avisa una vez, y de nuevo cuando se resuelva.
watch-condition = Condición
watch-limit = Límite
watch-add = Añadir la regla
watch-rules = Sus reglas
watch-none = Aún no hay reglas.
watch-remove = Quitar
watch-check-now = Comprobar ahora
watch-checking = Comprobando…
watch-checked = Última comprobación: { $time }.
watch-check-failed = La última comprobación falló: { $reason }
watch-quiet = sin alerta
watch-firing = alerta desde { $time }: ahora { $seen }
watch-kind-balance-below = Saldo por debajo de
watch-kind-credit-ahead-below = Mínimo alcanzado en menos de (horas)
watch-kind-spend-above = Gasto de la última hora por encima de
watch-kind-asr-below = ASR de la última hora por debajo de (%)
watch-rule = { $account }: { $kind ->
        [balance-below] saldo por debajo de { $limit }
        [credit-ahead-below] el mínimo en menos de { $limit } h
        [spend-above] gasto de la última hora por encima de { $limit }
       *[asr-below] ASR de la última hora por debajo del { $limit } %
    }
watch-limit-missing = Escriba un límite.
watch-limit-not-a-number = Escriba un número, como 10.50.
watch-limit-hours-out-of-range = Indique horas enteras de 1 a { $most }.
watch-limit-negative = Escriba cero o un número positivo.
watch-limit-over-a-hundred = Escriba un porcentaje de 100 como máximo.
watch-too-many = Como máximo { $count } reglas: quite una antes.
watch-withheld = No se ofrecen reglas sobre cifras que su acceso no muestra (precios, ASR).
watch-notify = Avisarme también en el navegador
watch-notify-on = Las notificaciones del navegador están activadas.
watch-notify-blocked = Las notificaciones del navegador están bloqueadas en la configuración de este navegador.
watch-see-rules = Ver las reglas

## Página de detalle
still-in-progress = Aún en curso: esta página se actualiza sola.
download-csv = Descargar CSV
downloading = Descargando…
downloaded = Descargado.
loading-related = Cargando registros relacionados…
related-none = Ninguno.
related-count = { $count ->
        [one] 1 registro
        [many] { $count } de registros
       *[other] { $count } registros
    }

## Gráficos
chart-failed = No se pudo dibujar el gráfico: { $reason }
chart-canvas-unusable = no se puede dibujar en el lienzo
chart-no-data = sin datos
chart-summary = { $title } ({ $unit }), { $samples } { $samples ->
        [one] muestra
        [many] de muestras
       *[other] muestras
    }. Pase el cursor para ver los valores exactos; arrastre para ampliar.
chart-reset-zoom = Restablecer el zoom
chart-png = PNG
chart-csv = CSV
chart-zoom-in = Ampliar
chart-zoom-out = Reducir
chart-zoom-state = Se muestra del { $from } al { $to }
# $zone
chart-time-axis = Hora ({ $zone })
chart-values-caption = Valores mínimo, máximo y medio ({ $unit })
chart-series = Serie
chart-minimum = Mínimo
chart-maximum = Máximo
chart-average = Media

## Unidades
unit-calls = llamadas
unit-calls-per-second = llamadas/s
unit-minutes = min
unit-seconds = s

## Resumen
overview-title = Resumen
account = Cuenta
no-accounts = No tiene cuentas visibles.
loading-accounts = Cargando cuentas…
loading-the-account = Cargando la cuenta…
statistics-link = Estadísticas
loading-todays-figures = Cargando las cifras de hoy…
active-calls-now = Llamadas activas ahora
calls-today = Llamadas hoy
asr-today = ASR hoy
acd-today = ACD hoy
spend-today = Gasto de hoy
earned-today = Ingresos de hoy
loading-cps-chart = Cargando el gráfico de CPS…
no-calls-last-hour = No hubo llamadas en la última hora.
cps-last-hour = CPS originadas, última hora
overview-originated = Originadas
overview-terminated = Terminadas
live-calls-link = Llamadas en directo

## Páginas de estadísticas
stats-origination = Estadísticas de originación
stats-quality = Estadísticas de calidad
stats-active-calls = Llamadas activas
stats-originated-cps = Llamadas originadas por segundo
stats-termination = Estadísticas de terminación
stats-termination-quality = Estadísticas de calidad de terminación
stats-termination-active-calls = Llamadas activas de terminación
chart-calls = Llamadas
series-total = Total
series-successful = Con éxito
series-failed = Fallidas
total-calls = Total de llamadas
successful-calls = Llamadas con éxito
failed-calls = Llamadas fallidas
total-duration = Duración total
total-price = Precio total
acd = ACD
acd-long = ACD (duración media de llamada)
asr = ASR
asr-long = ASR (tasa de respuesta)
cps = CPS
calls-per-second = Llamadas por segundo
concurrent-calls = Llamadas simultáneas
active-calls = Llamadas activas
value = Valor
samples = { $count } { $count ->
        [one] muestra
        [many] de muestras
       *[other] muestras
    }
fix-the-form = Corrija el formulario de arriba para ver las estadísticas.
no-calls-in-range = No hay llamadas en este intervalo.
statistics-nothing-shown = Su proveedor no muestra estadísticas en esta página para su cuenta.
loading-statistics = Cargando estadísticas…
points-per-series = Unos { $points } puntos por serie.
working-for-seconds = Trabajando desde hace { $seconds } s.

## Formulario de estadísticas
choose-an-account = Elija una cuenta
time-range = Intervalo de tiempo
custom-range = Intervalo personalizado
range-last-hour = Última hora
range-today = Hoy
range-yesterday = Ayer
range-last-7-days = Últimos 7 días
range-this-month = Este mes
range-last-month = El mes pasado
from = Desde
to = Hasta
sampling = Muestreo
sampling-minute = minuto
sampling-5-minutes = 5 minutos
sampling-15-minutes = 15 minutos
sampling-hour = hora
sampling-day = día
sampling-week = semana
sampling-month = mes
show = Mostrar
more-filters = Más filtros
more-filters-set = Más filtros ({ $count } activos)
any = Cualquiera
src-country = País de origen
dst-country = País de destino
src-prefix-eq = Prefijo de origen igual a
src-prefix-starts-with = Prefijo de origen empieza por
src-prefix-ends-with = Prefijo de origen termina en
src-prefix-contains = Prefijo de origen contiene
dst-prefix-eq = Prefijo de destino igual a
dst-prefix-starts-with = Prefijo de destino empieza por
dst-prefix-ends-with = Prefijo de destino termina en
dst-prefix-contains = Prefijo de destino contiene
duration-eq = Duración igual a (s)
duration-gt = Duración mayor que (s)
duration-lt = Duración menor que (s)
orig-ip = IP de origen
price-eq = Precio igual a
price-gt = Precio mayor que
price-lt = Precio menor que
parameter = Parámetro
enter-start-time = Introduzca una hora de inicio.
end-time-unreadable = No se puede leer esta hora de fin.
end-after-start = El fin debe ser posterior al inicio.
choose-account-error = Elija una cuenta.
choose-sampling = Elija un muestreo.
not-a-duration = «{ $value }» no es una duración en segundos enteros.
not-a-price = «{ $value }» no es un precio como 0.015.
not-an-ip = «{ $value }» no es una dirección IP como 192.0.2.10.
country-unreadable = No se puede leer este país.
vendor-price-eq = Precio del proveedor igual a
vendor-price-gt = Precio del proveedor mayor que
vendor-price-lt = Precio del proveedor menor que
countries-failed = No se pudo cargar la lista de países.
loading-countries = Cargando países…
live-calls-title = Llamadas en directo
live-calls-times-utc = La central envía las horas sin zona; se toman como UTC y se muestran en su zona horaria.
live-calls-count = Llamadas en curso: { $count }
live-calls-none = No hay llamadas en curso.
live-calls-loading = Cargando llamadas en directo…
live-calls-paused = En pausa mientras esta pestaña está oculta.
live-calls-refreshing = Se actualiza cada { $seconds } s mientras esta pestaña está visible.
live-calls-updated = Actualizado a las { $time }.
live-calls-new = nueva
live-calls-new-count = Nuevas desde la última actualización: { $count }
live-cost-without-rate = Llamadas sin tarifa, no contadas:
live-capacity-near-limit = Cerca del límite
answered-filter = Respondidas
answered-any = Todas las llamadas
answered-yes = Respondidas
answered-not-yet = Aún sin responder
column-started = Inicio
column-duration-so-far = Duración hasta ahora
column-state = Estado
column-from = De
column-to = A
column-destination = Prefijo de destino
column-rate = Tarifa
column-origin = Origen
state-ringing = Sonando
state-talking = En conversación
live-src-name = Nombre del llamante
live-src-number = Número de origen
live-dst-number = Número de destino
live-src-routing = Origen (enrutamiento)
live-dst-routing = Destino (enrutamiento)
match-eq = es igual a
match-starts-with = empieza por
match-ends-with = termina en
match-contains = contiene
match-kind = cómo coincide
orig-port = Puerto de origen
orig-transport = Id. del protocolo de transporte
not-a-port = «{ $value }» no es un número de puerto (de 0 a 65535).
not-a-transport = «{ $value }» no es un número entero.
not-true-or-false = «{ $value }» no es ni true ni false.

## Página no encontrada
not-found-title = Página no encontrada
not-found-text = No hay ninguna página en { $path }.
go-to-overview = Ir al resumen

## Nombres de los campos
field-id = ID
field-name = Nombre
field-balance = Saldo
field-min-balance = Saldo mínimo
field-max-balance = Saldo máximo
field-destination-rate-limit = Límite de tarifa por destino
field-origination-capacity = Capacidad de originación
field-termination-capacity = Capacidad de terminación
field-total-capacity = Capacidad total
field-currency = Moneda
field-prefix = Prefijo
field-number-min-length = Longitud mínima del número
field-dst-number-min-length = Longitud mínima del número
field-number-max-length = Longitud máxima del número
field-dst-number-max-length = Longitud máxima del número
field-network = Red
field-state = Estado
field-initial-price = Precio inicial
field-renew-price = Precio de renovación
field-created-at = Creado
field-renew-at = Se renueva
field-renew-period = Periodo de renovación
field-service-type = Tipo de servicio
field-ui-type = Tipo de interfaz
field-status = Estado
field-rows-count = Filas
field-filters = Filtros
field-time-format = Formato de hora
field-time-zone-name = Zona horaria
field-updated-at = Actualizado
field-enabled = Activado
field-reject-calls = Rechaza llamadas
field-initial-rate = Tarifa inicial
field-initial-interval = Intervalo inicial (s)
field-next-rate = Tarifa siguiente
field-next-interval = Intervalo siguiente (s)
field-connect-fee = Cargo de conexión
field-attempt-fee = Cargo por intento
field-valid-from = Válido desde
field-valid-till = Válido hasta
field-network-prefix-id = Id. del prefijo de red
field-balance-low-threshold = Umbral bajo de saldo
field-balance-high-threshold = Umbral alto de saldo
field-max-call-duration = Duración máxima de llamada
field-external-id = ID externo
field-uuid = UUID
field-network-type = Tipo de red
field-account = Cuenta
field-transactions = Transacciones
field-account-id = Cuenta
field-rateplan-id = Plan de tarifas
field-iso2 = Código ISO
field-time-start = Hora de inicio
field-time-connect = Conectada
field-time-end = Finalizada
field-duration = Duración (s)
field-success = Con éxito
field-src-prefix-in = Número de origen
field-dst-prefix-in = Número de destino
field-src-prefix-out = Número de origen
field-dst-prefix-out = Número de destino
field-customer-price = Precio
field-vendor-price = Precio del proveedor
field-lega-disconnect-code = Código de desconexión
field-legb-disconnect-code = Código de desconexión
field-lega-disconnect-reason = Motivo de desconexión
field-legb-disconnect-reason = Motivo de desconexión
field-customer-duration = Duración facturada (s)
field-vendor-duration = Duración facturada (s)
field-destination-prefix = Prefijo de tarifa
field-dialpeer-prefix = Prefijo de tarifa
field-destination-initial-rate = Tarifa inicial
field-dialpeer-initial-rate = Tarifa inicial
field-destination-initial-interval = Intervalo inicial (s)
field-dialpeer-initial-interval = Intervalo inicial (s)
field-destination-next-rate = Tarifa siguiente
field-dialpeer-next-rate = Tarifa siguiente
field-destination-next-interval = Intervalo siguiente (s)
field-dialpeer-next-interval = Intervalo siguiente (s)
field-destination-fee = Cargo de conexión
field-dialpeer-fee = Cargo de conexión
field-src-name-in = Nombre del llamante
field-src-name-out = Nombre del llamante
field-src-prefix-routing = Número de origen (enrutamiento)
field-dst-prefix-routing = Número de destino (enrutamiento)
field-diversion-in = Desvío
field-diversion-out = Desvío
field-from-domain = Dominio From
field-to-domain = Dominio To
field-ruri-domain = Dominio R-URI
field-orig-call-id = Call-ID de la llamada
field-term-call-id = Call-ID de la llamada
field-local-tag = Etiqueta local
field-lega-user-agent = Agente de usuario
field-legb-user-agent = Agente de usuario
field-auth-orig-transport-protocol-id = Transporte
field-sign-term-transport-protocol-id = Transporte
field-auth-orig-ip = IP de origen
field-auth-orig-port = Puerto de origen
field-sign-term-ip = IP de señalización
field-sign-term-port = Puerto de señalización
field-rec = Grabación
field-customer-price-no-vat = Precio sin IVA
field-customer-acc-vat = IVA (%)
field-destination-reverse-billing = Facturación inversa
field-dialpeer-reverse-billing = Facturación inversa
field-pai-in = Cabecera P-Asserted-Identity
field-ppi-in = Cabecera P-Preferred-Identity
field-privacy-in = Cabecera Privacy
field-rpid-in = Cabecera Remote-Party-ID
field-rpid-privacy-in = Privacidad RPID
field-reference = Referencia
field-start-date = Inicio del periodo
field-end-date = Fin del periodo
field-amount-spent = Importe
field-has-pdf = PDF
field-services-amount-spent = Servicios
field-service-transactions-count = Cargos por servicios
field-originated-amount-spent = Llamadas realizadas: importe
field-originated-calls-count = Llamadas realizadas
field-originated-successful-calls-count = Llamadas realizadas: con éxito
field-originated-calls-duration = Llamadas realizadas: tiempo de llamada
field-originated-billing-duration = Llamadas realizadas: tiempo facturado
field-originated-first-call-at = Llamadas realizadas: primera
field-originated-last-call-at = Llamadas realizadas: última
field-terminated-amount-spent = Llamadas recibidas: importe
field-terminated-calls-count = Llamadas recibidas
field-terminated-successful-calls-count = Llamadas recibidas: con éxito
field-terminated-calls-duration = Llamadas recibidas: tiempo de llamada
field-terminated-billing-duration = Llamadas recibidas: tiempo facturado
field-terminated-first-call-at = Llamadas recibidas: primera
field-terminated-last-call-at = Llamadas recibidas: última
field-amount = Importe
field-type-name = Tipo
field-balance-before-payment = Saldo anterior
field-notes = Notas
field-rolledback-at = Revertido
field-description = Descripción
field-service = Servicio
field-service-id = Servicio
field-mode-id = Coincidencia
field-default-action-id = Acción predeterminada
field-key = Número
field-action-id = Acción
field-numberlist-id = Lista de números
field-outgoing-numberlist = Lista de números

## Palabras conocidas de los atributos
choice-time-format-with_timezone = Con zona horaria
choice-time-format-without_timezone = Sin zona horaria
choice-time-format-round_to_seconds = Redondeado a segundos
choice-Pending = Pendiente
choice-Completed = Completado
choice-Failed = Fallido
choice-Deleted = Eliminado
choice-Active = Activo
choice-status-completed = Completado
choice-status-pending = Pendiente
choice-status-canceled = Cancelado
choice-type-name-manual = Manual
choice-type-name-cryptomus = Criptomoneda (Cryptomus)
choice-Suspended = Suspendido
choice-renew-period-Day = Diario
choice-renew-period-Month = Mensual
choice-renew-period-Disabled = No se renueva
choice-mode-id-strict = Coincidencia exacta del número
choice-mode-id-prefix = Coincidencia por prefijo
choice-mode-id-random = Aleatorio
choice-reject = Rechazar la llamada
choice-allow = Permitir la llamada

## Grupos de la página de detalle
group-timing = Tiempos
group-billing = Facturación
group-signalling = Señalización
group-outcome = Resultado
